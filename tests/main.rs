//! The integration tests, built as one binary. Each file beside this one is a module of it,
//! and `support` holds what they share. One binary instead of one per file: every test binary
//! links the whole window, network layer and engine, so forty of them took eleven gigabytes
//! of disk and most of a build's link time.
//!
//! Run one file's tests with its module name as the filter, for example
//! `cargo test --test integration gui_lab::`. A new file in `tests/` is added here as a module
//! (`layout.rs` fails until it is).

mod support;

mod certificate;
mod cli;
mod compare;
mod counts;
mod docs_links;
mod gomoku_match;
mod grade;
mod gui;
mod gui_engines;
mod gui_files;
mod gui_fuzz;
mod gui_goban;
mod gui_grader;
mod gui_i18n;
mod gui_lab;
mod gui_online;
mod gui_online_asks;
mod gui_opening;
mod gui_panel;
mod gui_renju;
mod gui_session;
mod gui_ui;
mod lab_tree;
mod layout;
mod lessons;
mod net_cli;
mod net_codec;
mod net_faults;
mod net_loopback;
mod opening;
mod oracle;
mod packaging;
mod parsers;
mod pbrain;
mod play_engine;
mod players;
mod prover;
mod record;
mod renju_engine;
mod renju_positions;
mod rules_props;
mod session;
