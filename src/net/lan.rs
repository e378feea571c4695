//! Games on the local network: a host waiting for a player announces its game by multicast
//! DNS service discovery (service `_tictactoe._udp.local.`), with its name, its board and
//! its ticket in the record; a player about to join lists the games announced around it
//! and joins one with a click. A game found this way is trusted no more than a pasted
//! ticket: everything in the record is checked, the joiner dials the key the ticket names
//! and the host still confirms who comes in.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use mdns_sd::{ServiceDaemon, ServiceEvent, ServiceInfo};

use super::message::{MAX_NAME, PROTOCOL};
use super::transport::parse_ticket;
use crate::game::OpeningRule;
use crate::rules::Rule;

/// The DNS-SD service type of an open game.
pub const SERVICE: &str = "_tictactoe._udp.local.";
/// A record's text values are at most 255 bytes: the ticket is split into parts this long.
const PART: usize = 200;
/// The most parts a ticket may take (a ticket with many addresses is still far shorter).
const MAX_PARTS: usize = 8;
/// The most games listed at once; more announcements are ignored.
const MAX_GAMES: usize = 32;

/// A game announced on the local network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The host's name, as it typed it.
    pub name: String,
    pub rule: Rule,
    /// How its games open (free when the record does not say).
    pub opening: OpeningRule,
    /// The ticket to dial, checked to be one.
    pub ticket: String,
}

/// An open game announced on the local network until this is dropped.
pub struct Announcement {
    daemon: ServiceDaemon,
    fullname: String,
}

impl Announcement {
    /// Announces the game `ticket` names, hosted by `name` on `rule` opened by `opening`.
    pub fn start(
        name: &str,
        rule: Rule,
        opening: OpeningRule,
        ticket: &str,
    ) -> Result<Announcement, String> {
        let addr = parse_ticket(ticket).map_err(|e| e.to_string())?;
        let port = addr.ip_addrs().next().map_or(9, std::net::SocketAddr::port);
        let daemon = ServiceDaemon::new().map_err(|e| e.to_string())?;
        // The instance name only has to be unique on the network; people see `name`.
        let instance = format!("tictactoe-{}", addr.id.fmt_short());
        let mut properties = vec![
            ("v".to_string(), PROTOCOL.to_string()),
            ("name".to_string(), name.chars().take(MAX_NAME).collect()),
            ("rule".to_string(), rule_text(rule)),
            ("opening".to_string(), opening.to_string()),
        ];
        let parts: Vec<&str> = split(ticket);
        properties.push(("parts".to_string(), parts.len().to_string()));
        for (i, part) in parts.iter().enumerate() {
            properties.push((format!("t{i}"), (*part).to_string()));
        }
        let info = ServiceInfo::new(
            SERVICE,
            &instance,
            &format!("{instance}.local."),
            "",
            port,
            properties.as_slice(),
        )
        .map_err(|e| e.to_string())?
        .enable_addr_auto();
        let fullname = info.get_fullname().to_string();
        daemon.register(info).map_err(|e| e.to_string())?;
        Ok(Announcement { daemon, fullname })
    }
}

impl Drop for Announcement {
    fn drop(&mut self) {
        // Says goodbye on the network, so the game leaves the others' lists at once.
        if let Ok(done) = self.daemon.unregister(&self.fullname) {
            let _ = done.recv_timeout(std::time::Duration::from_secs(1));
        }
        let _ = self.daemon.shutdown();
    }
}

/// Lists the games announced on the local network while it lives.
pub struct Finder {
    daemon: ServiceDaemon,
    games: Arc<Mutex<BTreeMap<String, Found>>>,
}

impl Finder {
    /// Starts looking; `wake` is called when the list changes.
    pub fn start(wake: impl Fn() + Send + 'static) -> Result<Finder, String> {
        let daemon = ServiceDaemon::new().map_err(|e| e.to_string())?;
        let events = daemon.browse(SERVICE).map_err(|e| e.to_string())?;
        let games = Arc::new(Mutex::new(BTreeMap::new()));
        let list = games.clone();
        std::thread::Builder::new()
            .name("local games".into())
            .spawn(move || {
                // Ends when the daemon shuts down and the channel closes.
                while let Ok(event) = events.recv() {
                    let Ok(mut list) = list.lock() else { return };
                    let changed = match event {
                        ServiceEvent::ServiceResolved(service) => {
                            let fullname = service.get_fullname().to_string();
                            match read(|key| service.get_property_val_str(key)) {
                                Some(found) if list.len() < MAX_GAMES => {
                                    list.insert(fullname, found);
                                    true
                                }
                                Some(found) => list.get_mut(&fullname).is_some_and(|old| {
                                    *old = found;
                                    true
                                }),
                                None => list.remove(&fullname).is_some(),
                            }
                        }
                        ServiceEvent::ServiceRemoved(_, fullname) => {
                            list.remove(&fullname).is_some()
                        }
                        _ => false,
                    };
                    drop(list);
                    if changed {
                        wake();
                    }
                }
            })
            .map_err(|e| e.to_string())?;
        Ok(Finder { daemon, games })
    }

    /// The games found so far, in a steady order.
    #[must_use]
    pub fn games(&self) -> Vec<Found> {
        self.games
            .lock()
            .map(|list| list.values().cloned().collect())
            .unwrap_or_default()
    }
}

impl Drop for Finder {
    fn drop(&mut self) {
        let _ = self.daemon.shutdown();
    }
}

/// `W,H,K`, `W,H,K,exact` or `W,H,K,renju`.
fn rule_text(rule: Rule) -> String {
    let variant = if rule.exact() {
        ",exact"
    } else if rule.renju() {
        ",renju"
    } else {
        ""
    };
    format!("{},{},{}{variant}", rule.width(), rule.height(), rule.k())
}

fn parse_rule(text: &str) -> Option<Rule> {
    if let Some(rest) = text.strip_suffix(",renju") {
        return rest.parse::<Rule>().ok()?.with_renju(true).ok();
    }
    let (text, exact) = match text.strip_suffix(",exact") {
        Some(rest) => (rest, true),
        None => (text, false),
    };
    text.parse::<Rule>().ok().map(|rule| rule.with_exact(exact))
}

/// The ticket in parts short enough for a record's text values.
/// An opening rule as [`OpeningRule`]'s `Display` writes it.
fn parse_opening(text: &str) -> Option<OpeningRule> {
    OpeningRule::ALL.into_iter().find(|o| o.to_string() == text)
}

fn split(ticket: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut rest = ticket;
    while !rest.is_empty() {
        // Tickets are ASCII; a boundary is found even if one were not.
        let mut cut = rest.len().min(PART);
        while !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        let (part, tail) = rest.split_at(cut);
        parts.push(part);
        rest = tail;
    }
    parts
}

/// The game a record announces, if every value in it is sound: this protocol's version, a
/// name of at most [`MAX_NAME`] characters, a board this program plays and a ticket.
fn read<'a>(value: impl Fn(&str) -> Option<&'a str>) -> Option<Found> {
    if value("v")? != PROTOCOL.to_string() {
        return None;
    }
    let name = value("name")?.trim();
    if name.chars().count() > MAX_NAME || name.chars().any(char::is_control) {
        return None;
    }
    let rule = parse_rule(value("rule")?)?;
    let opening = match value("opening") {
        None => OpeningRule::Free,
        Some(text) => parse_opening(text)?,
    };
    if opening.on(&rule) != opening {
        return None;
    }
    let parts: usize = value("parts")?.parse().ok()?;
    if parts == 0 || parts > MAX_PARTS {
        return None;
    }
    let mut ticket = String::new();
    for i in 0..parts {
        ticket.push_str(value(&format!("t{i}"))?);
    }
    parse_ticket(&ticket).ok()?;
    Some(Found {
        name: name.to_string(),
        rule,
        opening,
        ticket,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ticket for a made-up key on 127.0.0.1.
    fn ticket() -> String {
        let key = iroh::SecretKey::from_bytes(&[7; 32]).public();
        let addr = iroh::EndpointAddr::new(key)
            .with_ip_addr(std::net::SocketAddr::from(([127, 0, 0, 1], 4000)));
        iroh_tickets::endpoint::EndpointTicket::new(addr).to_string()
    }

    fn record(name: &str, rule: Rule, ticket: &str) -> BTreeMap<String, String> {
        let opening = OpeningRule::Swap2.on(&rule);
        let mut values = BTreeMap::from([
            ("v".to_string(), PROTOCOL.to_string()),
            ("name".to_string(), name.to_string()),
            ("rule".to_string(), rule_text(rule)),
            ("opening".to_string(), opening.to_string()),
        ]);
        let parts = split(ticket);
        values.insert("parts".into(), parts.len().to_string());
        for (i, part) in parts.iter().enumerate() {
            values.insert(format!("t{i}"), (*part).to_string());
        }
        values
    }

    #[test]
    fn a_record_reads_back_as_the_game_it_announces() {
        let ticket = ticket();
        for rule in [Rule::new(7, 6, 4, true).unwrap(), Rule::RENJU] {
            let values = record("Ann", rule, &ticket);
            let found = read(|key| values.get(key).map(String::as_str)).unwrap();
            assert_eq!(
                found,
                Found {
                    name: "Ann".into(),
                    rule,
                    opening: OpeningRule::Swap2.on(&rule),
                    ticket: ticket.clone()
                }
            );
        }
    }

    #[test]
    fn a_long_ticket_is_split_into_parts_a_record_can_hold_and_joined_again() {
        let long = "x".repeat(PART * 2 + 17);
        let parts = split(&long);
        assert_eq!(parts.len(), 3);
        assert!(parts.iter().all(|p| p.len() <= PART));
        assert_eq!(parts.concat(), long);
    }

    #[test]
    fn an_unsound_record_is_ignored() {
        let ticket = ticket();
        let good = record("Ann", Rule::TIC_TAC_TOE, &ticket);
        let spoiled: [(&str, Option<&str>); 12] = [
            ("opening", Some("swap3")),
            ("opening", Some("swap2")),
            ("v", Some("99")),
            ("v", None),
            ("name", Some(&"n".repeat(MAX_NAME + 1))),
            ("name", Some("line\nbreak")),
            ("rule", Some("3,3,9")),
            ("rule", Some("99,99,5")),
            ("rule", Some("9,9,5,renju")),
            ("parts", Some("9")),
            ("parts", Some("2")),
            ("t0", Some("not a ticket")),
        ];
        for (key, value) in spoiled {
            let mut values = good.clone();
            match value {
                Some(value) => values.insert(key.to_string(), value.to_string()),
                None => values.remove(key),
            };
            let found = read(|k| values.get(k).map(String::as_str));
            assert_eq!(found, None, "{key} = {value:?}");
        }
    }
}
