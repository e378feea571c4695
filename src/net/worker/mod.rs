//! The network game on a worker thread, shaped like the computer player's driver: the
//! front end sends [`WorkerCommand`]s, receives [`Update`]s on a channel and is woken to draw
//! them. The worker owns the endpoint, the connection and the [`Match`]; it writes the
//! game record after every change, to a path the front end chose (never one from the
//! wire). Every loop here is bounded: the joiner stops trying to come back after
//! [`Options::reconnect_limit`], and the whole worker after [`Options::session_limit`].

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::mpsc as std_mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use iroh::endpoint::{Connection, SendStream};
use iroh::{Endpoint, EndpointAddr};
use tokio::sync::mpsc;

use super::keep::{self, Hold, Hosting, Kept};
use super::lan;
use super::machine::{Action, ActionError, ClockView, HostConfig, Match, NetEvent};
use super::message::{Ending, Offer, Token};
use super::transport::{self, Identity, Inbound, NetConfig, NetError};
use crate::game::Session;
use crate::rules::Side;

/// How often the match's clock ticks.
const TICK: Duration = Duration::from_millis(100);
/// How often a joiner that lost the host tries again.
const REDIAL_EVERY: Duration = Duration::from_secs(2);
/// How long a joiner tries to reach a host it has not reached yet (a new join: the host
/// printed the ticket, so it is up; silence means a wrong address or a blocked network).
pub const FIRST_CONTACT: Duration = Duration::from_secs(15);
/// Callers at once waiting to be told the host is busy; more are refused outright.
const MAX_CALLERS: usize = 4;
/// Messages queued from the readers before they wait.
const INBOUND_QUEUE: usize = 64;

/// Who this program is in the match.
#[derive(Clone, Debug)]
pub enum Start {
    Host(HostConfig),
    Join {
        ticket: String,
        name: String,
        program: String,
        resume: Option<Token>,
    },
    /// Host: take up a hosted match kept on disk (see [`keep`]), under the same key.
    Rehost(Box<Kept>),
}

/// How the worker runs.
#[derive(Clone, Debug)]
pub struct Options {
    pub net: NetConfig,
    /// Where the game record is written after every change.
    pub record: Option<PathBuf>,
    /// How long a joiner keeps trying to reach a host it lost (or, coming back with a
    /// token, one it has not reached yet in this run).
    pub reconnect_limit: Duration,
    /// How long a new joiner tries to reach the host before it gives up, saying what to
    /// check.
    pub first_contact_limit: Duration,
    /// The longest the worker runs.
    pub session_limit: Duration,
    /// Host: announce the game on the local network until a player is let in.
    pub announce: bool,
    /// Host: the data folder the match is kept in while it can be played (see [`keep`]);
    /// its file is removed when the worker stops.
    pub keep: Option<PathBuf>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            net: NetConfig::default(),
            record: None,
            reconnect_limit: Duration::from_secs(300),
            first_contact_limit: FIRST_CONTACT,
            session_limit: Duration::from_secs(12 * 3600),
            announce: false,
            keep: None,
        }
    }
}

/// What the front end asks.
#[derive(Clone, Copy, Debug)]
pub enum WorkerCommand {
    Act(Action),
    /// Leave: say goodbye to the peer and stop.
    Quit,
}

/// The game as the front end draws it.
#[derive(Clone, Debug)]
pub struct View {
    pub session: Session,
    /// The colour this side's player plays (the opening's choice may have changed it).
    pub side: Side,
    /// The side this side's player has by the settings: X opens a swap opening.
    pub seat: Side,
    /// Whether this side's player is to move, or to choose in the opening.
    pub my_turn: bool,
    /// Whether this side's player has a move of the game to take back (never one of the
    /// opening).
    pub can_offer_undo: bool,
    pub ending: Option<Ending>,
    pub connected: bool,
    pub peer_name: String,
    /// The peer's offer waiting for our answer.
    pub pending_offer: Option<Offer>,
    /// Our offer waiting for the peer's answer.
    pub my_offer: Option<Offer>,
    /// Host: the caller waiting to be let in.
    pub asking: Option<String>,
    /// The resume token, once this side has been let in (the host's own at once).
    pub token: Option<Token>,
    pub can_claim: bool,
    /// The time each side has for a game, if the host set a limit.
    pub time_limit: Option<Duration>,
    /// The game clock as this side knows it (see [`ClockView::used_at`]).
    pub clock: Option<ClockView>,
}

/// What the worker tells the front end.
#[derive(Clone, Debug)]
pub enum Update {
    /// Host: the ticket to give the other player.
    Ticket(String),
    /// A connection is up with this key's fingerprint.
    Peer {
        fingerprint: String,
    },
    /// This side's own key's fingerprint, as the peer's [`Update::Peer`] shows it: the
    /// host asks a caller to read it out before letting them in.
    OwnKey {
        fingerprint: String,
    },
    Event(NetEvent),
    /// The game after a change.
    View(Box<View>),
    /// A local action was refused.
    Refused(ActionError),
    /// Trouble on the network (the worker goes on).
    Warning(String),
    /// The worker stopped, and why; `failed` when it stopped because of a failure
    /// (refused, busy, the host gone or unreachable, a ticket that does not match) rather
    /// than because the player left or the match ended.
    Finished {
        reason: String,
        failed: bool,
    },
}

/// The front end's handle on the worker.
pub struct NetHandle {
    commands: mpsc::UnboundedSender<WorkerCommand>,
    /// Updates, oldest first.
    pub updates: std_mpsc::Receiver<Update>,
    thread: Option<JoinHandle<()>>,
}

impl NetHandle {
    /// Sends a command; false when the worker has stopped.
    pub fn send(&self, command: WorkerCommand) -> bool {
        self.commands.send(command).is_ok()
    }

    /// Asks the worker to stop and waits for it (it stops within a few seconds).
    pub fn quit(mut self) {
        let _ = self.commands.send(WorkerCommand::Quit);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for NetHandle {
    fn drop(&mut self) {
        let _ = self.commands.send(WorkerCommand::Quit);
    }
}

/// Starts the worker; `wake` is called after each batch of updates (a window's repaint).
pub fn start(start: Start, options: Options, wake: Box<dyn Fn() + Send>) -> NetHandle {
    let (commands, command_rx) = mpsc::unbounded_channel();
    let (update_tx, updates) = std_mpsc::channel();
    let thread = std::thread::Builder::new()
        .name("network".into())
        .spawn(move || {
            let notify = Notify {
                to: update_tx,
                wake,
            };
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build();
            let (reason, failed) = match runtime {
                Ok(runtime) => runtime.block_on(run(start, options, command_rx, &notify)),
                Err(error) => (format!("could not start the network: {error}"), true),
            };
            notify.send(Update::Finished { reason, failed });
        })
        .expect("a thread can be started");
    NetHandle {
        commands,
        updates,
        thread: Some(thread),
    }
}

/// The update channel and the front end's waker.
struct Notify {
    to: std_mpsc::Sender<Update>,
    wake: Box<dyn Fn() + Send>,
}

impl Notify {
    fn send(&self, update: Update) {
        let _ = self.to.send(update);
        (self.wake)();
    }
}

async fn run(
    start: Start,
    options: Options,
    commands: mpsc::UnboundedReceiver<WorkerCommand>,
    notify: &Notify,
) -> (String, bool) {
    // A new joiner gives up soon on a host it never reached; one coming back with its
    // token waits as long as for a host it lost (the host may be restarting).
    let first_contact = match &start {
        Start::Join { resume: None, .. } => Some(options.first_contact_limit),
        Start::Join { .. } | Start::Host(_) | Start::Rehost(_) => None,
    };
    let taken_up = match &start {
        Start::Rehost(kept) => Some(kept.file.clone()),
        Start::Host(_) | Start::Join { .. } => None,
    };
    let endpoint = match open_endpoint(&start, &options.net, notify).await {
        Ok(endpoint) => endpoint,
        Err(error) => return (error.to_string(), true),
    };
    notify.send(Update::OwnKey {
        fingerprint: transport::own_fingerprint(&endpoint),
    });
    let (machine, host_addr, hosting, announcement) =
        match open_match(start, &endpoint, &options, notify).await {
            Ok(opened) => opened,
            Err(error) => return (error, true),
        };
    let keep = match hold(options.keep.as_deref(), hosting, taken_up.as_ref(), notify) {
        Ok(keep) => keep,
        Err(error) => return (error, true),
    };
    let (inbound_tx, inbound) = mpsc::channel(INBOUND_QUEUE);
    let mut worker = NetWorker {
        machine,
        endpoint,
        host_addr,
        current: None,
        callers: HashMap::new(),
        inbound_tx,
        next_id: 0,
        notify,
        record: options.record.clone(),
        keep,
        lost_at: Some(Instant::now()),
        redialled: None,
        dialling: false,
        first_contact,
        finished: None,
        announcement,
    };
    if worker.machine.is_admitted() {
        // A match taken up again: kept under its key at once (a file of an earlier
        // version's name is then removed), the board as it was, the opponent away.
        worker.keep();
        if let (Some(old), Some((hold, _))) = (&taken_up, &worker.keep)
            && old != hold.file()
        {
            keep::discard(old);
        }
        notify.send(Update::View(Box::new(worker.view())));
    }
    let finish = worker.run(&options, commands, inbound).await;
    worker.goodbye().await;
    // A match this worker kept (or took up) ended in an ordinary way: nothing to take up.
    if let Some((hold, _)) = worker.keep.take() {
        if worker.machine.is_admitted() {
            hold.discard();
        } else {
            hold.release();
        }
    }
    (finish.reason, finish.failed)
}

/// Host: the hold on the file the match is kept in, in the data folder `folder`. A match
/// taken up again (from the file `taken_up`) that another running program hosts already
/// is refused; a new match that cannot be kept is played anyway, saying so.
fn hold(
    folder: Option<&std::path::Path>,
    hosting: Option<Hosting>,
    taken_up: Option<&PathBuf>,
    notify: &Notify,
) -> Result<Option<(Hold, Hosting)>, String> {
    let (Some(folder), Some(hosting)) = (folder, hosting) else {
        return Ok(None);
    };
    // A match taken up again keeps its key, so its file is the one it was read from (or,
    // read from an earlier version's file, the one it moves to).
    match Hold::take(&keep::file_for(folder, &hosting.key)) {
        Ok(hold) => Ok(Some((hold, hosting))),
        Err(error) if taken_up.is_some() => {
            Err(format!("the kept game cannot be taken up: {error}"))
        }
        Err(error) => {
            notify.send(Update::Warning(format!(
                "the game cannot be kept for a restart: {error}"
            )));
            Ok(None)
        }
    }
}

/// What a worker starts with: the match, the host's address (joiner), the endpoint a
/// hosted match is kept with, and the open game's announcement on the local network.
type Opened = (
    Match,
    Option<EndpointAddr>,
    Option<Hosting>,
    Option<lan::Announcement>,
);

/// A hosted match: a new one, or one kept from a stop.
enum Hosted {
    New(HostConfig),
    Again(Box<Kept>),
}

/// The match as `start` says: a host's new one (its ticket told and announced), one taken
/// up again, or a joiner's for the ticket's host.
async fn open_match(
    start: Start,
    endpoint: &Endpoint,
    options: &Options,
    notify: &Notify,
) -> Result<Opened, String> {
    let config = match start {
        Start::Join {
            ticket,
            name,
            program,
            resume,
        } => {
            let addr = transport::parse_ticket(&ticket).map_err(|e| e.to_string())?;
            return Ok((
                Match::joiner(&name, &program, resume),
                Some(addr),
                None,
                None,
            ));
        }
        Start::Host(config) => Hosted::New(config),
        Start::Rehost(kept) => Hosted::Again(kept),
    };
    let ticket = transport::ticket(endpoint, &options.net).await;
    notify.send(Update::Ticket(ticket.clone()));
    let Identity { key, sockets } = transport::identity(endpoint);
    let hosting = Hosting {
        key,
        sockets,
        ticket: ticket.clone(),
        local_only: options.net.local_only,
        relay: options.net.relay.clone(),
        record: options.record.clone(),
    };
    match config {
        Hosted::New(config) => {
            let announcement = options
                .announce
                .then(|| announce(&config, &ticket, notify))
                .flatten();
            Ok((Match::host(config), None, Some(hosting), announcement))
        }
        Hosted::Again(kept) => {
            let age = kept.age();
            let machine = Match::restore(kept.host, Instant::now(), age)?;
            Ok((machine, None, Some(hosting), None))
        }
    }
}

/// The endpoint: a new one, or for a match taken up again one with the same key, on the
/// same sockets when they are free (the old ticket then works as it was).
async fn open_endpoint(
    start: &Start,
    config: &NetConfig,
    notify: &Notify,
) -> Result<Endpoint, NetError> {
    let Start::Rehost(kept) = start else {
        return transport::bind(config, None).await;
    };
    let key = kept.secret_key().map_err(NetError::Bind)?;
    let same = Identity {
        key,
        sockets: kept.sockets.clone(),
    };
    match transport::bind(config, Some(&same)).await {
        Ok(endpoint) => Ok(endpoint),
        Err(error) => {
            notify.send(Update::Warning(format!(
                "the game's old network port could not be opened again ({error}): give the other player the new ticket"
            )));
            let key_only = Identity {
                key,
                sockets: Vec::new(),
            };
            transport::bind(config, Some(&key_only)).await
        }
    }
}

/// Host: announces the open game on the local network, saying so when it cannot.
fn announce(config: &HostConfig, ticket: &str, notify: &Notify) -> Option<lan::Announcement> {
    let opening = config.opening.on(&config.rule);
    match lan::Announcement::start(&config.name, config.rule, opening, ticket) {
        Ok(announced) => Some(announced),
        Err(error) => {
            notify.send(Update::Warning(format!(
                "the game could not be shown on the local network ({error}); the ticket still works"
            )));
            None
        }
    }
}

/// Why the worker stops.
struct Finish {
    reason: String,
    failed: bool,
}

impl Finish {
    fn ok(reason: &str) -> Finish {
        Finish {
            reason: reason.to_string(),
            failed: false,
        }
    }

    fn failed(reason: impl Into<String>) -> Finish {
        Finish {
            reason: reason.into(),
            failed: true,
        }
    }
}

/// The live connection.
struct Current {
    id: u64,
    connection: Connection,
    send: SendStream,
}

struct NetWorker<'a> {
    machine: Match,
    endpoint: Endpoint,
    /// Joiner: the host's address.
    host_addr: Option<EndpointAddr>,
    current: Option<Current>,
    /// Host: callers while a game is on, waiting for their first message.
    callers: HashMap<u64, Current>,
    inbound_tx: mpsc::Sender<Inbound>,
    next_id: u64,
    notify: &'a Notify,
    record: Option<PathBuf>,
    /// Host: the hold on the file the match is kept in, and the endpoint it is hosted on.
    keep: Option<(Hold, Hosting)>,
    /// Joiner: when the host was lost (or first dialled), and the last attempt.
    lost_at: Option<Instant>,
    redialled: Option<Instant>,
    /// Joiner: a dial is under way (on a task of its own: a quit is heard meanwhile).
    dialling: bool,
    /// Joiner: how long it tries to reach the host until it first does (`None` once it
    /// did, or when it comes back with a token).
    first_contact: Option<Duration>,
    finished: Option<Finish>,
    /// Host: the open game's announcement on the local network, until a player is in.
    announcement: Option<lan::Announcement>,
}

impl NetWorker<'_> {
    async fn run(
        &mut self,
        options: &Options,
        mut commands: mpsc::UnboundedReceiver<WorkerCommand>,
        mut inbound: mpsc::Receiver<Inbound>,
    ) -> Finish {
        let deadline = Instant::now() + options.session_limit;
        let mut ticker = tokio::time::interval(TICK);
        let hosting = self.host_addr.is_none();
        while Instant::now() < deadline {
            if let Some(finish) = self.finished.take() {
                return finish;
            }
            tokio::select! {
                incoming = self.endpoint.accept(), if hosting => match incoming {
                    Some(incoming) => self.incoming(incoming),
                    None => return Finish::failed("the network endpoint closed"),
                },
                Some(message) = inbound.recv() => self.inbound(message).await,
                command = commands.recv() => match command {
                    Some(WorkerCommand::Act(action)) => {
                        if let Err(error) = self.machine.act(Instant::now(), action) {
                            self.notify.send(Update::Refused(error));
                        }
                    }
                    Some(WorkerCommand::Quit) | None => return Finish::ok("you left"),
                },
                _ = ticker.tick() => {
                    self.machine.tick(Instant::now());
                    self.redial(options);
                }
            }
            self.flush().await;
            if self.machine.is_connected()
                && let Some(announced) = self.announcement.take()
            {
                // Saying goodbye on the network waits for the send: off this thread.
                std::thread::spawn(move || drop(announced));
            }
        }
        Finish::failed("the session reached its time limit")
    }

    /// Host: finishes a caller's handshake on a task of its own, then hands it over.
    fn incoming(&mut self, incoming: iroh::endpoint::Incoming) {
        let id = self.next_id;
        self.next_id += 1;
        let to = self.inbound_tx.clone();
        tokio::spawn(async move {
            let accepted = async {
                let connection = incoming
                    .await
                    .map_err(|e| NetError::Connection(e.to_string()))?;
                let (send, recv) = transport::accept_stream(&connection).await?;
                Ok::<_, NetError>((connection, send, recv))
            };
            if let Ok(Ok((connection, send, recv))) =
                tokio::time::timeout(transport::DIAL_LIMIT, accepted).await
            {
                let caller = Inbound::Caller(id, Box::new((connection, send)));
                if to.send(caller).await.is_ok() {
                    transport::read_frames(id, recv, to).await;
                }
            }
        });
    }
}

mod flow;
