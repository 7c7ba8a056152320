//! How a subcommand ended, and the exit code it makes.

use phaselint::check::InputsSeen;

/// How a subcommand ended, for the exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Done, nothing at error level: exit 0.
    Clean,
    /// Done, and problems were found (errors, an input that could not be read among them, or
    /// warnings with --deny-warnings): exit 1.
    Problems,
    /// A usage or config problem, or a run that could check nothing it was asked to: exit 2.
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

    /// The exit code's rule, one for every subcommand that reads card files (`check` with its
    /// `--fix`, `--diff`, `--add-allow` and `--show-files`, `stats`, `findings`), from what the
    /// run saw of its inputs (`inputs`) and whether it found problems (`problems`):
    ///
    /// - **2** ([`Outcome::Failed`]): a run that could check nothing it was asked to, or was
    ///   asked wrongly. A config that cannot be read or has an error (PL903); a directory named on
    ///   the command line in which no card was read (PL905: the config or the layout leaves its
    ///   cards unread); inputs of which none could be read (every path named missing, every file
    ///   unreadable: PL900, and no file read at all). A usage error is 2 too, said before any
    ///   file is read (clap's, or the subcommand's `Err`: a bad `--exclude` glob), and so is a
    ///   report that could not be written (`main`).
    /// - **1** ([`Outcome::Problems`]): problems were found: errors, among them a file that cannot
    ///   be read or does not parse (PL900, PL901) beside files that were read, as ruff's E902;
    ///   warnings with `--deny-warnings`; fixes pending with `--diff`. An input problem stays an
    ///   error whatever the flags; `--exit-zero` (`exit_zero`) makes this 0.
    /// - **0** ([`Outcome::Clean`]) otherwise, among them a run left nothing to read by design
    ///   (every file named left out by an exclude glob, as pre-commit hands files over).
    pub fn of(inputs: InputsSeen, problems: bool, exit_zero: bool) -> Outcome {
        let checked_nothing = inputs.unread && !inputs.read;
        if inputs.config_problem || inputs.no_card_found || checked_nothing {
            Outcome::Failed
        } else if (problems || inputs.unread) && !exit_zero {
            Outcome::Problems
        } else {
            Outcome::Clean
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Outcome;
    use phaselint::check::InputsSeen;

    fn seen(config_problem: bool, no_card_found: bool, unread: bool, read: bool) -> InputsSeen {
        InputsSeen {
            config_problem,
            no_card_found,
            unread,
            read,
        }
    }

    #[test]
    fn an_input_not_read_beside_one_read_is_a_problem_and_alone_a_failure() {
        let of = |inputs, problems| Outcome::of(inputs, problems, false);
        assert_eq!(of(seen(false, false, false, true), false), Outcome::Clean);
        assert_eq!(of(seen(false, false, false, true), true), Outcome::Problems);
        assert_eq!(of(seen(false, false, true, true), true), Outcome::Problems);
        assert_eq!(of(seen(false, false, true, false), true), Outcome::Failed);
        // Every file named left out by an exclude glob: nothing was asked that failed.
        assert_eq!(of(seen(false, false, false, false), false), Outcome::Clean);
    }

    #[test]
    fn a_config_problem_or_a_directory_without_cards_fails_whatever_else_was_read() {
        for exit_zero in [false, true] {
            let of = |inputs| Outcome::of(inputs, true, exit_zero);
            assert_eq!(of(seen(true, false, false, true)), Outcome::Failed);
            assert_eq!(of(seen(false, true, false, true)), Outcome::Failed);
        }
    }

    #[test]
    fn exit_zero_clears_problems_not_failures() {
        let of = |inputs| Outcome::of(inputs, true, true);
        assert_eq!(of(seen(false, false, true, true)), Outcome::Clean);
        assert_eq!(of(seen(false, false, true, false)), Outcome::Failed);
    }
}
