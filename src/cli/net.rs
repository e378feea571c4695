//! `tictactoe net host` and `tictactoe net join TICKET`: a game between two terminals over
//! the network. The host prints a ticket on a line of its own; the joiner passes it on its
//! command line. Each side types moves (`row column`, or a keypad digit on 3x3) and
//! `undo`, `draw`, `rematch` (offers the other must accept), `resign`, `claim`, `yes`/`no`
//! (answers), `quit`; in a swap or swap2 opening (`net host --opening`), `black`, `white`
//! and `two` (place two more) when the choice is theirs. The network runs on a worker thread (`crate::net::worker`); this file
//! only reads lines and prints what happens. It exits with 0 when the game was played out
//! or left, and 1 when it failed (refused, busy, the host gone or unreachable, a ticket
//! that does not match the host).

use std::io::{BufRead, Write};

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use clap::{Args, Subcommand, ValueEnum};

use super::CliError;
use crate::game::{Choice, OpeningRule, Step};
use crate::net::keep;
use crate::net::machine::{Action, HostConfig, NetEvent};
use crate::net::message::{Ending, Offer, Token};
use crate::net::transport::NetConfig;
use crate::net::worker::{self, NetHandle, Options, Start, Update, View, WorkerCommand};
use crate::rules::{Cell, Outcome, Rule, Side};

/// Arguments of `net`.
#[derive(Args, Debug)]
pub struct NetArgs {
    #[command(subcommand)]
    pub command: NetCommand,
}

/// Host or join.
#[derive(Subcommand, Debug)]
pub enum NetCommand {
    /// Host a game: prints a ticket for the other player
    Host(HostArgs),
    /// Join the game a ticket names
    Join(JoinArgs),
    /// List the games hosted on this local network, with their tickets
    Find(FindArgs),
    /// Measure network play on 127.0.0.1: move round trip, reconnection, idle cost
    Bench(NetBenchArgs),
}

/// Arguments of `net bench`.
#[derive(Args, Debug)]
pub struct NetBenchArgs {
    /// How many moves each side plays (1 to 190)
    #[arg(long, default_value_t = 190)]
    pub moves: usize,
    /// Seconds the idle connection is watched
    #[arg(long, value_name = "S", default_value = "10", value_parser = super::parse_seconds)]
    pub idle: Duration,
}

/// Arguments of `net find`.
#[derive(Args, Debug)]
pub struct FindArgs {
    /// Seconds to listen for games (1 to 60)
    #[arg(long, value_name = "S", default_value = "3", value_parser = wait_seconds)]
    pub wait: Duration,
}

fn clock_minutes(text: &str) -> Result<Duration, String> {
    match text.parse::<u64>() {
        Ok(m @ 1..=600) => Ok(Duration::from_secs(m * 60)),
        _ => Err("give a whole number of minutes from 1 to 600".into()),
    }
}

fn wait_seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<u64>() {
        Ok(s @ 1..=60) => Ok(Duration::from_secs(s)),
        _ => Err("give a whole number of seconds from 1 to 60".into()),
    }
}

/// The options both sides take.
#[derive(Args, Debug, Clone)]
pub struct Common {
    /// Your name, as the other player sees it
    #[arg(long, default_value = "Player")]
    pub name: String,
    /// No relay servers and no address look-up: direct addresses only (a LAN without
    /// internet access)
    #[arg(long)]
    pub local_only: bool,
    /// A relay server to use instead of the public ones (https://...)
    #[arg(long, value_name = "URL", value_parser = relay_url)]
    pub relay: Option<String>,
    /// The local address to listen on, such as 127.0.0.1:0 (default: every interface)
    #[arg(long, value_name = "ADDR")]
    pub bind: Option<SocketAddr>,
    /// Write the game record here after every move
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// Arguments of `net host`.
#[derive(Args, Debug)]
pub struct HostArgs {
    /// Board width, height and how many in a row win
    #[arg(long, value_name = "W,H,K", default_value = "3,3,3", value_parser = super::parse_rule)]
    pub rule: Rule,
    /// Only exactly K in a row wins
    #[arg(long)]
    pub exact: bool,
    /// Who moves first (and plays X)
    #[arg(long, value_enum, default_value_t = First::Host)]
    pub first: First,
    /// How games of five in a row on a large board (such as --rule 15,15,5) open: free,
    /// swap (the host places three stones, the joiner chooses a colour) or swap2 (the
    /// joiner may also place two more and let the host choose)
    #[arg(long, value_enum, default_value_t = OpeningArg::Free)]
    pub opening: OpeningArg,
    /// Minutes each side has for a game (1 to 600; this program's clock decides); no
    /// limit without it
    #[arg(long, value_name = "MINUTES", value_parser = clock_minutes)]
    pub clock: Option<Duration>,
    /// Let the first caller in without asking (and never ask about a kept game: without
    /// --resume it is left for a later start)
    #[arg(long)]
    pub accept: bool,
    /// Answer the question whether to take up again the game this program was hosting
    /// when it stopped: yes (take it up), no (discard it and host a new one)
    #[arg(long, value_enum, value_name = "ANSWER")]
    pub resume: Option<YesNo>,
    /// Do not announce the game on the local network (`net find` and the window's list
    /// show it until a player is in)
    #[arg(long)]
    pub no_announce: bool,
    #[command(flatten)]
    pub common: Common,
}

/// Arguments of `net join`.
#[derive(Args, Debug)]
pub struct JoinArgs {
    /// The ticket the host printed
    #[arg(value_parser = ticket)]
    pub ticket: String,
    /// Come back to a game you left: the token printed when you joined it
    #[arg(long, value_name = "TOKEN")]
    pub resume: Option<Token>,
    #[command(flatten)]
    pub common: Common,
}

/// An answer given on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum YesNo {
    Yes,
    No,
}

/// Who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum First {
    Host,
    Joiner,
}

/// How the host's games open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OpeningArg {
    Free,
    Swap,
    Swap2,
}

impl OpeningArg {
    /// The opening rule on `rule`'s board; swap and swap2 on a board they do not open are
    /// refused, saying which boards they open.
    fn on(self, rule: &Rule) -> Result<OpeningRule, CliError> {
        let opening = match self {
            OpeningArg::Free => OpeningRule::Free,
            OpeningArg::Swap => OpeningRule::Swap,
            OpeningArg::Swap2 => OpeningRule::Swap2,
        };
        if opening.on(rule) == opening {
            Ok(opening)
        } else {
            Err(CliError::Usage(format!(
                "the {opening} opening is for five in a row on a large board (such as --rule 15,15,5), not {}x{} with {} in a row",
                rule.width(),
                rule.height(),
                rule.k()
            )))
        }
    }
}

/// A ticket as the host printed it, checked before anything starts.
fn ticket(text: &str) -> Result<String, String> {
    let text = text.trim();
    crate::net::transport::parse_ticket(text)
        .map(|_| text.to_string())
        .map_err(|e| e.to_string())
}

/// A relay server's address, checked before anything starts.
fn relay_url(text: &str) -> Result<String, String> {
    crate::net::transport::check_relay(text).map(|()| text.to_string())
}

fn options(common: &Common) -> Options {
    Options {
        net: NetConfig {
            local_only: common.local_only,
            relay: common.relay.clone(),
            bind: common.bind,
        },
        record: common.record.clone(),
        ..Options::default()
    }
}

/// A new match as the host's arguments set it up.
fn host_config(host: &HostArgs, program: String) -> Result<HostConfig, CliError> {
    let side = match host.first {
        First::Host => Side::X,
        First::Joiner => Side::O,
    };
    let rule = super::with_exact_option(host.rule, host.exact);
    Ok(HostConfig {
        name: host.common.name.clone(),
        rule,
        side,
        opening: host.opening.on(&rule)?,
        time_limit: host.clock,
        token: Token(rand::random()),
        program,
    })
}

pub fn run(args: &NetArgs, output: &mut dyn Write) -> Result<(), CliError> {
    let program = env!("CARGO_PKG_VERSION").to_string();
    let (lines, launch) = match &args.command {
        NetCommand::Find(find) => return find_games(find.wait, output),
        NetCommand::Bench(bench) => {
            return crate::net::bench::run(output, bench.moves, bench.idle)
                .map_err(|e| CliError::Usage(e.to_string()));
        }
        NetCommand::Host(host) => {
            // A bad opening is refused before anything starts.
            host.opening
                .on(&super::with_exact_option(host.rule, host.exact))?;
            let lines = read_lines();
            match host_launch(host, program, output, &lines)? {
                Some(launch) => (lines, launch),
                None => return Ok(()),
            }
        }
        NetCommand::Join(join) => {
            let start = Start::Join {
                ticket: join.ticket.clone(),
                name: join.common.name.clone(),
                program,
                resume: join.resume,
            };
            let launch = Launch {
                start,
                options: options(&join.common),
                auto_admit: false,
                rehosting: None,
            };
            (read_lines(), launch)
        }
    };
    let handle = worker::start(launch.start, launch.options, Box::new(|| {}));
    let joining = match &args.command {
        NetCommand::Join(join) => Some(join.ticket.clone()),
        _ => None,
    };
    if joining.is_some() {
        writeln!(output, "Calling the host...")?;
    }
    let mut terminal = Terminal {
        output,
        handle: &handle,
        auto_admit: launch.auto_admit,
        asking: None,
        hosting: joining.is_none(),
        peer: launch.rehosting.clone().unwrap_or_default(),
        fingerprint: String::new(),
        view: None,
        ticket: joining.unwrap_or_default(),
        told_resume: false,
        rehosting: launch.rehosting.is_some(),
    };
    let result = terminal.run(&lines);
    handle.quit();
    result
}

/// How a match is started: what the worker is asked to do, with which options, whether
/// callers are let in without asking, and the opponent's name when a kept game is taken up
/// again.
struct Launch {
    start: Start,
    options: Options,
    auto_admit: bool,
    rehosting: Option<String>,
}

/// The host's launch: a kept game taken up again, or a new one; none when the player chose to
/// leave at the question about a kept game.
fn host_launch(
    host: &HostArgs,
    program: String,
    output: &mut dyn Write,
    lines: &mpsc::Receiver<Option<String>>,
) -> Result<Option<Launch>, CliError> {
    // The program's data folder, beside the window's settings.
    let data_folder = crate::install::data_folder(crate::install::APP_ID);
    let mut launch = match kept_match(data_folder.as_deref(), host, output, lines)? {
        Restart::Leave => return Ok(None),
        Restart::Resume(kept) => {
            let options = Options {
                net: NetConfig {
                    local_only: kept.local_only,
                    relay: kept.relay.clone(),
                    bind: None,
                },
                record: host.common.record.clone().or_else(|| kept.record.clone()),
                ..Options::default()
            };
            Launch {
                rehosting: Some(kept.host.peer_name.clone()),
                start: Start::Rehost(kept),
                options,
                auto_admit: false,
            }
        }
        Restart::New => {
            let config = host_config(host, program)?;
            let mut options = options(&host.common);
            // The announcement listens on port 5353 of every address: not for a host kept to
            // one address.
            let one_address = host.common.bind.is_some_and(|b| !b.ip().is_unspecified());
            options.announce = !host.no_announce && !one_address;
            if !host.no_announce && one_address {
                writeln!(
                    output,
                    "The game is not announced on the local network (--bind keeps this program to one address; the announcement would listen on every one): give the ticket yourself."
                )?;
            }
            Launch {
                start: Start::Host(config),
                options,
                auto_admit: host.accept,
                rehosting: None,
            }
        }
    };
    launch.options.keep = data_folder;
    Ok(Some(launch))
}

/// What the host does about the matches kept from an earlier run.
enum Restart {
    /// Takes this one up again.
    Resume(Box<keep::Kept>),
    /// Hosts a new one.
    New,
    /// Leaves (the player typed `quit`, or the input ended).
    Leave,
}

/// Host: the matches this program (or another with the same data folder) was hosting when
/// it stopped, while they can still be played (see [`keep`]), each offered to be taken up
/// again: `--resume` answers, `--accept` alone leaves them for a later start, otherwise the
/// player is asked. One declined is discarded.
fn kept_match(
    folder: Option<&Path>,
    host: &HostArgs,
    output: &mut dyn Write,
    lines: &mpsc::Receiver<Option<String>>,
) -> Result<Restart, CliError> {
    let Some(folder) = folder else {
        return Ok(Restart::New);
    };
    let stopped = keep::stopped(folder);
    if stopped.is_empty() && host.resume == Some(YesNo::Yes) {
        writeln!(output, "No kept game to take up; a new game starts.")?;
    }
    for kept in stopped {
        let kept = match kept {
            Ok(kept) => kept,
            Err(error) => {
                writeln!(
                    output,
                    "A game kept from an earlier run could not be read ({error}); it is left as it is."
                )?;
                continue;
            }
        };
        writeln!(
            output,
            "This program stopped while hosting a game {}.",
            kept.summary()
        )?;
        let answer = match (host.resume, host.accept) {
            (Some(answer), _) => Some(answer),
            (None, true) => {
                writeln!(
                    output,
                    "It is left for a later start (--resume yes takes it up, --resume no discards it)."
                )?;
                continue;
            }
            (None, false) => ask_to_resume(output, lines)?,
        };
        match answer {
            Some(YesNo::Yes) => return Ok(Restart::Resume(Box::new(kept))),
            Some(YesNo::No) => {
                keep::discard(&kept.file);
                writeln!(output, "The kept game was discarded.")?;
            }
            None => return Ok(Restart::Leave),
        }
    }
    Ok(Restart::New)
}

/// Asks whether to take a kept match up again: the answer, or `None` to leave (`quit`, or
/// the end of input: the match stays kept).
fn ask_to_resume(
    output: &mut dyn Write,
    lines: &mpsc::Receiver<Option<String>>,
) -> Result<Option<YesNo>, CliError> {
    writeln!(
        output,
        "Take it up again under the same ticket (the other player's program calls back by itself)? [yes/no/quit]"
    )?;
    output.flush()?;
    while let Ok(line) = lines.recv() {
        match line.as_deref().map(|line| parse(line, None)) {
            Some(Ok(Typed::Yes)) => return Ok(Some(YesNo::Yes)),
            Some(Ok(Typed::No)) => return Ok(Some(YesNo::No)),
            Some(Ok(Typed::Quit)) => return Ok(None),
            Some(Ok(Typed::Help)) => writeln!(output, "{RESUME_HELP}")?,
            _ => writeln!(output, "Type yes, no or quit ('help' says what they do).")?,
        }
        output.flush()?;
    }
    Ok(None)
}

const RESUME_HELP: &str = "yes: host that game again under its old ticket; the other player's \
program calls back by itself and the game goes on where it stopped. no: discard it and host a \
new game with a new ticket. quit: leave now and decide at the next start (the game stays kept). \
--resume yes or --resume no gives the answer on the command line.";

/// Listens for `wait` and prints the games announced on the local network.
fn find_games(wait: Duration, output: &mut dyn Write) -> Result<(), CliError> {
    let finder = crate::net::lan::Finder::start(|| {}).map_err(|e| {
        CliError::Io(std::io::Error::other(format!(
            "cannot look for games on this network: {e}"
        )))
    })?;
    std::thread::sleep(wait);
    let games = finder.games();
    if games.is_empty() {
        writeln!(output, "No games found on this network.")?;
    }
    for game in games {
        match game.opening {
            OpeningRule::Free => writeln!(output, "{} · {}", game.name, game.rule)?,
            opening => writeln!(output, "{} · {} · {opening}", game.name, game.rule)?,
        }
        writeln!(output, "  tictactoe net join {}", game.ticket)?;
    }
    Ok(())
}

/// Standard input's lines, read on a thread of their own so the network is heard while
/// the player thinks: each line's text, or `None` for a line that is not UTF-8 text (it is
/// answered, and reading goes on). The channel closes at the end of input.
fn read_lines() -> mpsc::Receiver<Option<String>> {
    let (to, lines) = mpsc::channel();
    std::thread::spawn(move || {
        let mut input = std::io::stdin().lock();
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            match input.read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
            let line = String::from_utf8(bytes.clone())
                .ok()
                .map(|text| text.trim_end_matches(['\n', '\r']).to_string());
            if to.send(line).is_err() {
                return;
            }
        }
    });
    lines
}

/// The terminal's side of the game.
struct Terminal<'a> {
    output: &'a mut dyn Write,
    handle: &'a NetHandle,
    auto_admit: bool,
    /// The caller waiting for the host's yes or no.
    asking: Option<String>,
    peer: String,
    fingerprint: String,
    view: Option<View>,
    ticket: String,
    told_resume: bool,
    /// Host: the match is one taken up again after a restart.
    rehosting: bool,
    hosting: bool,
}

/// What the player typed.
#[derive(Debug, PartialEq, Eq)]
enum Typed {
    Act(Action),
    Yes,
    No,
    Quit,
    Help,
}

impl Terminal<'_> {
    fn run(&mut self, lines: &mpsc::Receiver<Option<String>>) -> Result<(), CliError> {
        let mut input_open = true;
        loop {
            match self.handle.updates.recv_timeout(Duration::from_millis(50)) {
                Ok(Update::Finished { reason, failed }) => {
                    writeln!(self.output, "Network game ended: {reason}.")?;
                    return if failed {
                        Err(CliError::Network(reason))
                    } else {
                        Ok(())
                    };
                }
                Ok(update) => self.show(update)?,
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(()),
            }
            self.output.flush()?;
            while input_open {
                match lines.try_recv() {
                    Ok(Some(line)) => {
                        if !self.typed(&line)? {
                            return Ok(());
                        }
                    }
                    Ok(None) => writeln!(
                        self.output,
                        "That line could not be read (it is not UTF-8 text). {HELP}"
                    )?,
                    Err(mpsc::TryRecvError::Empty) => break,
                    Err(mpsc::TryRecvError::Disconnected) => {
                        // The end of input: leave once the game is over.
                        input_open = false;
                    }
                }
            }
            let over = self.view.as_ref().is_some_and(is_over);
            if !input_open && (over || self.view.is_none()) {
                return Ok(());
            }
        }
    }

    /// Handles a typed line; false to leave.
    fn typed(&mut self, line: &str) -> Result<bool, CliError> {
        let rule = self.view.as_ref().map(|v| *v.session.position().rule());
        let action = match parse(line, rule) {
            Ok(Typed::Quit) => return Ok(false),
            Ok(Typed::Help) | Err(_) if line.trim().is_empty() => return Ok(true),
            Ok(Typed::Help) => {
                writeln!(self.output, "{HELP}")?;
                return Ok(true);
            }
            Ok(Typed::Yes) if self.asking.is_some() => Action::Admit(true),
            Ok(Typed::No) if self.asking.is_some() => {
                let name = self.asking.take().unwrap_or_default();
                writeln!(
                    self.output,
                    "\"{name}\" was turned away. Waiting for a player to join..."
                )?;
                Action::Admit(false)
            }
            Ok(Typed::Yes) => Action::Reply(true),
            Ok(Typed::No) => Action::Reply(false),
            Ok(Typed::Act(action)) => action,
            Err(message) => {
                writeln!(self.output, "{message}")?;
                return Ok(true);
            }
        };
        if matches!(action, Action::Admit(_)) {
            self.asking = None;
        }
        Ok(self.handle.send(WorkerCommand::Act(action)))
    }

    fn show(&mut self, update: Update) -> Result<(), CliError> {
        match update {
            Update::Ticket(ticket) if self.rehosting => {
                writeln!(self.output, "Hosting the game again; its ticket:")?;
                writeln!(self.output, "{ticket}")?;
                writeln!(self.output, "Waiting for {} to come back...", self.peer)?;
            }
            Update::Ticket(ticket) => {
                writeln!(self.output, "Give this ticket to the other player:")?;
                writeln!(self.output, "{ticket}")?;
                writeln!(self.output, "Waiting for a player to join...")?;
            }
            Update::Peer { fingerprint } => self.fingerprint = fingerprint,
            // The key the other player's screen shows as "Their key", for a host to check.
            Update::OwnKey { fingerprint } => writeln!(self.output, "Your key: {fingerprint}")?,
            Update::Event(event) => self.event(event)?,
            Update::View(view) => {
                let key = |v: &View| {
                    let choices = v.session.opening().choices().len();
                    (
                        v.session.moves().len(),
                        choices,
                        v.ending,
                        v.connected,
                        v.side,
                    )
                };
                let changed = self.view.as_ref().map(key) != Some(key(&view));
                self.view = Some(*view);
                self.resume_hint()?;
                if changed {
                    self.prompt()?;
                }
            }
            Update::Refused(error) => writeln!(self.output, "Not now: {error}.")?,
            Update::Warning(warning) => writeln!(self.output, "Network: {warning}.")?,
            Update::Finished { .. } => {}
        }
        Ok(())
    }

    /// The joiner learns how to come back after a restart, once.
    fn resume_hint(&mut self) -> Result<(), CliError> {
        let Some(token) = self.view.as_ref().and_then(|v| v.token) else {
            return Ok(());
        };
        if self.ticket.is_empty() || self.told_resume {
            return Ok(());
        }
        self.told_resume = true;
        writeln!(
            self.output,
            "If this program stops, come back with: tictactoe net join {} --resume {token}",
            self.ticket
        )?;
        Ok(())
    }

    fn event(&mut self, event: NetEvent) -> Result<(), CliError> {
        match event {
            NetEvent::JoinRequest { name } => self.join_request(name)?,
            NetEvent::Joined {
                name,
                seat,
                resumed,
            } => {
                self.peer = name;
                let verb = if resumed { "is back" } else { "connected" };
                writeln!(
                    self.output,
                    "\"{}\" {verb}. They play {seat}, you play {}.",
                    self.peer,
                    seat.other()
                )?;
                self.key_line()?;
            }
            // The worker stops at once and says why ("Network game ended: ...").
            NetEvent::Refused(_) => {}
            NetEvent::Moved { side, cell } => {
                writeln!(self.output, "{side} plays {}.", cell_text(cell))?;
            }
            NetEvent::Chose { choice, mine } => self.chose(choice, mine)?,
            NetEvent::Record => {}
            NetEvent::Over => {}
            other => self.notice(other)?,
        }
        Ok(())
    }

    /// A choice of the opening, and the colour it leaves this player with.
    fn chose(&mut self, choice: Choice, mine: bool) -> Result<(), CliError> {
        let who = if mine { "You" } else { self.peer.as_str() };
        let what = match choice {
            Choice::Black => "black",
            Choice::White => "white",
            Choice::PlaceTwo => "to place two more stones (white, then black)",
        };
        writeln!(self.output, "{who} chose {what}.")?;
        Ok(())
    }

    fn join_request(&mut self, name: String) -> Result<(), CliError> {
        if self.auto_admit {
            writeln!(self.output, "\"{name}\" joins.")?;
            self.key_line()?;
            self.handle.send(WorkerCommand::Act(Action::Admit(true)));
        } else {
            writeln!(self.output, "\"{name}\" asks to join.")?;
            self.asking = Some(name);
            self.key_line()?;
            writeln!(self.output, "Let them in? [yes/no]")?;
        }
        Ok(())
    }

    /// The peer's key on a line of its own (a name cannot pass for it).
    fn key_line(&mut self) -> Result<(), CliError> {
        writeln!(
            self.output,
            "  Their key: {} (their screen shows it as \"Your key\": compare them)",
            self.fingerprint
        )?;
        Ok(())
    }

    fn notice(&mut self, event: NetEvent) -> Result<(), CliError> {
        let peer = if self.peer.is_empty() {
            "The other player".to_string()
        } else {
            self.peer.clone()
        };
        match event {
            NetEvent::Offered(offer) => writeln!(
                self.output,
                "{peer} offers {}. Accept? [yes/no]",
                offer_text(offer)
            )?,
            NetEvent::Answered {
                offer,
                accepted,
                by_peer,
            } => {
                let who = if by_peer { peer } else { "You".to_string() };
                let verb = if accepted { "accepted" } else { "declined" };
                writeln!(self.output, "{who} {verb} {}.", offer_text(offer))?;
            }
            NetEvent::Undone { moves } => {
                writeln!(self.output, "Moves taken back; {moves} remain.")?
            }
            NetEvent::NewGame { seat } => writeln!(self.output, "A new game: you play {seat}.")?,
            NetEvent::PeerAway(reason) => writeln!(
                self.output,
                "{}. The game is kept; waiting for {peer} to come back.",
                capitalised(&reason)
            )?,
            // A host that left ends the joiner's match (the worker says so next).
            NetEvent::PeerLeft if !self.hosting => writeln!(self.output, "{peer} left the game.")?,
            NetEvent::PeerLeft => writeln!(
                self.output,
                "{peer} left the game. It is kept in case they come back; type 'quit' to stop."
            )?,
            NetEvent::TurnedAway { name } => writeln!(
                self.output,
                "\"{name}\" called and was told you are already playing."
            )?,
            NetEvent::Withdrawn { offer, mine } => {
                let whose = if mine { "your" } else { "their" };
                writeln!(
                    self.output,
                    "The connection dropped: {whose} offer of {} was withdrawn.",
                    offer_text(offer)
                )?;
            }
            NetEvent::ClaimAvailable => writeln!(
                self.output,
                "{peer} has been away on their turn for two minutes: type 'claim' to take the win, or keep waiting."
            )?,
            _ => {}
        }
        Ok(())
    }

    /// The board and whose turn it is, after each change.
    fn prompt(&mut self) -> Result<(), CliError> {
        // Before the welcome the joiner's view is only the board it starts from.
        let Some(view) = self.view.as_ref().filter(|v| !v.peer_name.is_empty()) else {
            return Ok(());
        };
        super::play::write_board(self.output, view.session.position())?;
        let used = view.clock.map(|c| c.used_at(std::time::Instant::now()));
        if let (Some(limit), Some(used)) = (view.time_limit, used) {
            let left = used.map(|u| {
                let s = limit.saturating_sub(u).as_secs();
                format!("{}:{:02}", s / 60, s % 60)
            });
            writeln!(self.output, "Time left: X {}, O {}.", left[0], left[1])?;
        }
        if let Some(text) = result_text(view) {
            writeln!(self.output, "Game over: {text}. Type 'rematch' or 'quit'.")?;
        } else if view.my_turn {
            writeln!(self.output, "{}", your_turn(view))?;
        } else {
            writeln!(self.output, "Waiting for the other player...")?;
        }
        Ok(())
    }
}

/// What is asked of this player on their turn: a move, an opening stone or a choice.
fn your_turn(view: &View) -> String {
    let colour = view.session.position().side_to_move();
    match view.session.opening_step() {
        Step::Place { number, of, .. } if view.seat == Side::X => {
            format!("Opening stone {number} of {of} ({colour}):")
        }
        Step::Place { number, .. } => format!("Two more stones, {number} of 2 ({colour}):"),
        Step::Choose {
            place_two: true, ..
        } => "Choose: 'black', 'white' (then play white's move), or 'two' (place two more):"
            .to_string(),
        Step::Choose { .. } => "Choose: 'black' or 'white' (then play white's move):".to_string(),
        Step::Play => format!("Your move ({}):", view.side),
    }
}

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

fn is_over(view: &View) -> bool {
    view.ending.is_some() || view.session.outcome().is_some()
}

/// How the game ended, in words, or `None` while it goes on.
fn result_text(view: &View) -> Option<String> {
    let text = match (view.ending, view.session.outcome()) {
        (Some(Ending::Resigned(side)), _) => format!("{side} resigned"),
        (Some(Ending::DrawAgreed), _) => "a draw by agreement".to_string(),
        (Some(Ending::Abandoned(side)), _) => format!("{side} left and lost"),
        (Some(Ending::OutOfTime(side)), _) => format!("{side} ran out of time"),
        (None, Some(Outcome::Draw)) => "a draw, the board is full".to_string(),
        (None, Some(Outcome::Win { side, .. })) => format!("{side} wins"),
        (None, None) => return None,
    };
    Some(text)
}

fn offer_text(offer: Offer) -> &'static str {
    match offer {
        Offer::Undo => "to take back a move",
        Offer::Draw => "a draw",
        Offer::Rematch => "a rematch",
    }
}

fn cell_text(cell: Cell) -> String {
    format!("{},{}", cell.row + 1, cell.col + 1)
}

const HELP: &str = "Type a move as 'row column' (1-based; a keypad digit on 3x3), or: undo, draw, \
rematch, resign, claim, yes, no, quit; in a swap opening: black, white, two.";

/// Reads one typed line.
fn parse(line: &str, rule: Option<Rule>) -> Result<Typed, String> {
    let text = line.trim().to_ascii_lowercase();
    let typed = match text.as_str() {
        "undo" => Typed::Act(Action::Offer(Offer::Undo)),
        "draw" => Typed::Act(Action::Offer(Offer::Draw)),
        "rematch" => Typed::Act(Action::Offer(Offer::Rematch)),
        "resign" => Typed::Act(Action::Resign),
        "claim" => Typed::Act(Action::Claim),
        "black" => Typed::Act(Action::Choose(Choice::Black)),
        "white" => Typed::Act(Action::Choose(Choice::White)),
        "two" => Typed::Act(Action::Choose(Choice::PlaceTwo)),
        "yes" | "y" => Typed::Yes,
        "no" | "n" => Typed::No,
        "quit" | "q" | "exit" => Typed::Quit,
        "help" | "h" | "?" | "" => Typed::Help,
        _ => Typed::Act(Action::Move(parse_cell(&text, rule)?)),
    };
    Ok(typed)
}

fn parse_cell(text: &str, rule: Option<Rule>) -> Result<Cell, String> {
    let numbers: Result<Vec<usize>, _> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .map(str::parse)
        .collect();
    let keypad = rule.is_some_and(|r| r.width() == 3 && r.height() == 3);
    match numbers.as_deref() {
        Ok(&[row, col]) if row >= 1 && col >= 1 => Ok(Cell::new(row - 1, col - 1)),
        Ok(&[digit]) if keypad && (1..=9).contains(&digit) => {
            Ok(Cell::new(2 - (digit - 1) / 3, (digit - 1) % 3))
        }
        _ => Err(format!("'{}' is not a move. {HELP}", text)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_moves_offers_and_answers() {
        let ttt = Some(Rule::TIC_TAC_TOE);
        assert_eq!(
            parse("2 3", ttt),
            Ok(Typed::Act(Action::Move(Cell::new(1, 2))))
        );
        assert_eq!(
            parse("7", ttt),
            Ok(Typed::Act(Action::Move(Cell::new(0, 0))))
        );
        assert_eq!(
            parse("DRAW", ttt),
            Ok(Typed::Act(Action::Offer(Offer::Draw)))
        );
        assert_eq!(parse("y", ttt), Ok(Typed::Yes));
        assert_eq!(
            parse("Two", ttt),
            Ok(Typed::Act(Action::Choose(Choice::PlaceTwo)))
        );
        assert!(parse("5", Some(Rule::new(5, 5, 4, false).unwrap())).is_err());
        assert!(parse("0 1", ttt).is_err());
    }
}
