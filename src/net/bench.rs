//! `tictactoe net bench`: figures for network play on loopback (127.0.0.1, relays and
//! address look-ups off). Two workers in this process, as in two programs: the move round
//! trip (a move sent until the reply shows), p50 and p99; the time from starting a joiner
//! with its token to the game resumed; and what an idle connection costs in CPU time and
//! resident memory. Figures only: nothing here passes or fails.

use std::io::{self, Write};
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use super::machine::{Action, HostConfig, NetEvent};
use super::message::Token;
use super::transport::NetConfig;
use super::worker::{self, NetHandle, Options, Start, Update, View, WorkerCommand};
use crate::game::OpeningRule;
use crate::rules::{Cell, Rule, Side};

/// The pause after each pair of moves. Each pair brings each side two messages (the move
/// and the acknowledgement of its own); unpaced, the bench would exceed the rate limit of
/// [`super::machine::RATE_PER_SECOND`] messages a second, which closes the connection
/// (players move far slower), and measure the reconnection instead.
const PACE: Duration = Duration::from_millis(80);

/// The longest any one wait may take before the bench gives up.
const PATIENCE: Duration = Duration::from_secs(60);

/// Why the bench stopped.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error("{0}")]
    Io(#[from] io::Error),
    #[error("the bench stalled: {0}")]
    Stalled(String),
}

fn options() -> Options {
    Options {
        net: NetConfig {
            local_only: true,
            relay: None,
            bind: Some(SocketAddr::from((Ipv4Addr::LOCALHOST, 0))),
        },
        record: None,
        keep: None,
        reconnect_limit: Duration::from_secs(30),
        first_contact_limit: Duration::from_secs(30),
        session_limit: Duration::from_secs(600),
        announce: false,
    }
}

/// One side: its worker and what it last showed.
struct Peer {
    handle: NetHandle,
    view: Option<View>,
    ticket: Option<String>,
    asked: bool,
}

impl Peer {
    fn start(start: Start) -> Peer {
        Peer {
            handle: worker::start(start, options(), Box::new(|| {})),
            view: None,
            ticket: None,
            asked: false,
        }
    }

    /// Takes updates until `done`, or fails after [`PATIENCE`].
    fn until(&mut self, what: &str, done: impl Fn(&Peer) -> bool) -> Result<(), BenchError> {
        let deadline = Instant::now() + PATIENCE;
        while !done(self) {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(BenchError::Stalled(what.to_string()));
            }
            match self.handle.updates.recv_timeout(left) {
                Ok(Update::View(view)) => self.view = Some(*view),
                Ok(Update::Ticket(ticket)) => self.ticket = Some(ticket),
                Ok(Update::Event(NetEvent::JoinRequest { .. })) => self.asked = true,
                Ok(Update::Finished { reason, .. }) => return Err(BenchError::Stalled(reason)),
                Ok(_) | Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(BenchError::Stalled(what.to_string()));
                }
            }
        }
        Ok(())
    }

    fn moves(&self) -> usize {
        self.view.as_ref().map_or(0, |v| v.session.moves().len())
    }

    fn connected(&self) -> bool {
        self.view.as_ref().is_some_and(|v| v.connected)
    }
}

/// The largest board, on which filling row by row takes 381 moves before X's first
/// column is complete: many round trips per game.
fn rule() -> Rule {
    Rule::new(20, 20, 20, false).expect("a valid rule")
}

fn cell(ply: usize) -> Cell {
    Cell::new(ply / 20, ply % 20)
}

/// A host and an admitted joiner.
fn pair() -> Result<(Peer, Peer, String), BenchError> {
    let mut host = Peer::start(Start::Host(HostConfig {
        name: "Bench host".into(),
        rule: rule(),
        side: Side::X,
        opening: OpeningRule::Free,
        time_limit: None,
        token: Token(1),
        program: "bench".into(),
    }));
    host.until("the ticket", |s| s.ticket.is_some())?;
    let ticket = host.ticket.clone().unwrap_or_default();
    let mut joiner = Peer::start(join(&ticket, None));
    host.until("the join request", |s| s.asked)?;
    host.handle.send(WorkerCommand::Act(Action::Admit(true)));
    host.until("the host connected", Peer::connected)?;
    joiner.until("the joiner connected", Peer::connected)?;
    Ok((host, joiner, ticket))
}

fn join(ticket: &str, resume: Option<Token>) -> Start {
    Start::Join {
        ticket: ticket.to_string(),
        name: "Bench joiner".into(),
        program: "bench".into(),
        resume,
    }
}

/// Plays `pairs` X moves each answered by O; returns each round trip as the host sees it.
fn round_trips(
    host: &mut Peer,
    joiner: &mut Peer,
    pairs: usize,
) -> Result<Vec<Duration>, BenchError> {
    let mut times = Vec::with_capacity(pairs);
    for _ in 0..pairs {
        let ply = host.moves();
        let started = Instant::now();
        host.handle
            .send(WorkerCommand::Act(Action::Move(cell(ply))));
        joiner.until("the move to arrive", |s| s.moves() > ply)?;
        joiner
            .handle
            .send(WorkerCommand::Act(Action::Move(cell(ply + 1))));
        host.until("the reply to arrive", |s| s.moves() > ply + 1)?;
        times.push(started.elapsed());
        std::thread::sleep(PACE);
    }
    Ok(times)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

/// This process's CPU time (user and system) and resident memory, from /proc.
fn usage() -> Option<(Duration, u64)> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit(')').next()?.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let rss_kib = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()?;
    // Linux reports CPU time in clock ticks of 1/100 s on every common configuration.
    Some((Duration::from_millis(ticks * 10), rss_kib))
}

/// Runs the bench and prints its figures.
pub fn run(output: &mut dyn Write, pairs: usize, idle: Duration) -> Result<(), BenchError> {
    let pairs = pairs.clamp(1, 190);
    writeln!(
        output,
        "network bench on 127.0.0.1 (relays and look-ups off)"
    )?;
    let before = usage();
    let (mut host, mut joiner, ticket) = pair()?;
    let mut times = round_trips(&mut host, &mut joiner, pairs)?;
    times.sort_unstable();
    writeln!(
        output,
        "move round trip ({} moves each way): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        times.len(),
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.99)),
        ms(percentile(&times, 1.0)),
    )?;
    let connected = usage();
    std::thread::sleep(idle);
    let after_idle = usage();
    if let (Some((_, rss0)), Some((cpu1, rss1)), Some((cpu2, _))) = (before, connected, after_idle)
    {
        let cpu = cpu2.saturating_sub(cpu1);
        writeln!(
            output,
            "idle connection: {:.0} ms CPU over {:.0} s ({:.2}% of a core, both ends); resident memory {} KiB, {} KiB more than before the two endpoints",
            ms(cpu),
            idle.as_secs_f64(),
            100.0 * cpu.as_secs_f64() / idle.as_secs_f64(),
            rss1,
            rss1.saturating_sub(rss0)
        )?;
    }
    reconnects(output, &mut host, joiner, &ticket)?;
    host.handle.quit();
    Ok(())
}

/// The joiner quits and a new one comes back with the token, five times.
fn reconnects(
    output: &mut dyn Write,
    host: &mut Peer,
    mut joiner: Peer,
    ticket: &str,
) -> Result<(), BenchError> {
    let mut times = Vec::new();
    for _ in 0..5 {
        let token = joiner.view.as_ref().and_then(|v| v.token);
        let moves = host.moves();
        joiner.handle.quit();
        host.until("the host to see the joiner go", |s| !s.connected())?;
        let started = Instant::now();
        joiner = Peer::start(join(ticket, token));
        joiner.until("the game resumed", |s| s.connected() && s.moves() == moves)?;
        times.push(started.elapsed());
        host.until("the host to see the joiner back", Peer::connected)?;
    }
    times.sort_unstable();
    writeln!(
        output,
        "restart to resumed (new endpoint, dial, token, snapshot; {} times): median {:.1} ms, max {:.1} ms",
        times.len(),
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 1.0)),
    )?;
    joiner.handle.quit();
    Ok(())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
