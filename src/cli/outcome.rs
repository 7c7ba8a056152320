//! How a subcommand ended, and the exit code it makes.

/// How a subcommand ended, for the exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Done, nothing at error level: exit 0.
    Clean,
    /// Done, and errors were found (or warnings, with --deny-warnings): exit 1.
    Problems,
    /// A usage or I/O problem: exit 2.
    Failed,
}

impl Outcome {
    pub fn exit_code(self) -> u8 {
        match self {
            Outcome::Clean => 0,
            Outcome::Problems => 1,
            Outcome::Failed => 2,
        }
    }
}
