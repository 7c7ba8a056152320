//! What reading one line may take: a budget of bytes read, spent by the walk's template calls and
//! by the keyword reader, so that no input makes reading a line cost more than a fixed number of
//! passes over it; and how many phrases are enough, past which neither reads on. A line whose
//! reading would spend more than its budget is given up as unreadable, as a whole-line parse
//! gives a line up at pest's call limit.

/// How many bytes the reading of a line may read, a byte of the line, before the line is given up
/// (plus `MIN_WORK`). Real text takes a few passes: each template call reads at most to the end of
/// its clause (clauses of at most 344 bytes in the corpus), and the keyword reader reads each byte
/// a few times. On a line of one endless clause ("may x and may x and ... this turn") a call at
/// every word would read the clause to its end: quadratic. The bound keeps it linear.
pub const WORK_PER_BYTE: usize = 16;
/// What every line may read whatever its length: short lines are never given up.
pub const MIN_WORK: usize = 1 << 16;

/// The work left to one line, the work spent on it, and how many of its phrases are enough.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Work {
    left: usize,
    spent: usize,
    enough: usize,
}

impl Work {
    /// The budget of a line of `len` bytes, of which `enough` phrases are kept (the finder keeps
    /// the room left under `MAX_PHRASES`, and one more to say where it stops).
    pub fn for_line(len: usize, enough: usize) -> Self {
        Work {
            left: WORK_PER_BYTE.saturating_mul(len).saturating_add(MIN_WORK),
            spent: 0,
            enough,
        }
    }

    /// How many phrases of the line are kept: reading may stop past them.
    pub fn enough(&self) -> usize {
        self.enough
    }

    /// Spends `bytes` of reading, or says why the line is given up (`what` runs on too long).
    pub fn spend(&mut self, bytes: usize, what: &str) -> Result<(), String> {
        self.left = self.left.checked_sub(bytes).ok_or_else(|| {
            format!("reading it would take more than {WORK_PER_BYTE} passes over it: {what}")
        })?;
        self.spent += bytes;
        Ok(())
    }

    /// The bytes read so far: what tests and the fuzz targets hold to a bound per byte.
    pub fn spent(&self) -> usize {
        self.spent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_given_up_past_its_budget_and_only_then() {
        let mut work = Work::for_line(10, 1);
        let budget = WORK_PER_BYTE * 10 + MIN_WORK;
        assert_eq!(work.spend(budget - 1, "x"), Ok(()));
        assert_eq!(work.spend(1, "x"), Ok(()));
        assert_eq!(work.spent(), budget);
        let error = work.spend(1, "a clause runs on too long");
        assert_eq!(
            error,
            Err(
                "reading it would take more than 16 passes over it: a clause runs on too long"
                    .into()
            )
        );
        assert_eq!(work.spent(), budget);
    }
}
