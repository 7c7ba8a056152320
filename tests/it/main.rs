//! The integration tests, in one binary: each top-level file of `tests/` is a binary that links
//! the whole library, and 47 of them made a contributor's first `cargo test` compile for 17 minutes
//! into 6.6 GB (issue 41). A test that needs its process to itself keeps a file of its own:
//! `untrusted_memory.rs` counts the process's allocations, `walk.rs` reaches pest's call limit,
//! which is one for the process and only grows; and the fuzzing harness (`tests/fuzz/`).

#[path = "../support/cli.rs"]
mod cli;
#[path = "../support/corpus.rs"]
mod corpus;
#[path = "../support/interrupt.rs"]
mod interrupt;
#[path = "../support/json_schema.rs"]
mod json_schema;
#[path = "../support/lsp_pipes.rs"]
mod lsp_pipes;
#[path = "../support/random_text.rs"]
mod random_text;
#[path = "../support/table.rs"]
mod table;

mod add_allow;
mod architecture;
mod bad_inputs;
mod check_cli;
mod check_config;
mod check_fixtures;
mod check_flags;
mod check_formats;
mod check_notes;
mod check_output;
mod check_sets;
mod check_show;
mod ci_formats;
mod command_line;
mod config_schema;
mod contract;
mod corpus_pool;
mod designer_wordings;
mod docs;
mod editions;
mod editor_vscode;
mod exit_codes;
mod explain;
mod findings;
mod github_action;
mod grammar_docs;
mod human_report;
mod keywords;
mod mse;
mod never_in_part;
mod packaging;
mod phrases;
mod pre_commit_hooks;
mod ruff_habits;
mod rules_cited;
mod rules_meta;
mod sentences;
mod server;
mod server_neovim;
mod stdin_fix;
mod untrusted;
mod untrusted_fix;
mod untrusted_keywords;
mod untrusted_links;
mod untrusted_output;
