//! The human report as a user reads it (issue 41): piped into `less` or a CI log it is the
//! terminal's drawing without colour; the narrated form is asked for; a long line is cut around
//! its words to the width (the terminal's, COLUMNS, or 100 columns piped). Pinned in
//! `snapshots/human_*.snap`.

use crate::cli::{Project, WARNING_CARD, assert_exit, command, stdout};

/// A card whose one timing phrase starts at column 143 of its line.
const LONG_CARD: &str = "\
- name: Long Herald
  type: Creature — Human Cleric
  text: \"When this creature enters the battlefield, you may search your library for a basic land card and put it onto the battlefield tapped. Play this ability only once each turn, then shuffle.\"
";

fn settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings
}

/// `phaselint check ARGS` piped, with `env` set; it exits 1 (errors found), or 2 when a
/// directory holds no card.
fn piped(project: &Project, args: &[&str], env: &[(&str, &str)]) -> String {
    let mut check = command(project.path(), args);
    check.envs(env.iter().copied());
    let output = check.output().expect("phaselint runs");
    let expected = if args.contains(&"empty") { 2 } else { 1 };
    assert_exit(&output, expected);
    stdout(&output)
}

#[test]
fn piped_the_report_is_the_terminal_s_drawing_without_colour() {
    let project = Project::with(&[("runner.yaml", WARNING_CARD), ("empty/.keep", "")]);
    let report = piped(&project, &["check", "runner.yaml", "empty"], &[]);
    assert!(!report.contains('\u{1b}'), "{report}");
    // NO_COLOR changes nothing piped.
    assert_eq!(
        report,
        piped(
            &project,
            &["check", "runner.yaml", "empty"],
            &[("NO_COLOR", "1")]
        )
    );
    settings().bind(|| insta::assert_snapshot!("human_piped", report));
}

#[test]
fn a_long_line_is_cut_around_its_words_to_the_width() {
    let project = Project::with(&[("herald.yaml", LONG_CARD)]);
    let piped_width = piped(&project, &["check", "herald.yaml"], &[]);
    let narrow = piped(&project, &["check", "herald.yaml"], &[("COLUMNS", "60")]);
    for (columns, report) in [(100, &piped_width), (60, &narrow)] {
        for line in report.lines() {
            assert!(
                line.chars().count() <= columns,
                "{} columns, over {columns}: {line}",
                line.chars().count()
            );
        }
        assert!(report.contains("╭─[herald.yaml:3:143]"), "{report}");
        assert!(report.contains(" Play this ability "), "{report}");
    }
    settings().bind(|| {
        insta::assert_snapshot!("human_long_line_piped", piped_width);
        insta::assert_snapshot!("human_long_line_60_columns", narrow);
    });
}

#[test]
fn the_narrated_report_is_asked_for_by_flag_or_by_miette_s_variable() {
    let project = Project::with(&[("runner.yaml", WARNING_CARD)]);
    let by_flag = piped(&project, &["check", "--narrate", "runner.yaml"], &[]);
    let by_variable = piped(&project, &["check", "runner.yaml"], &[("NO_GRAPHICS", "1")]);
    assert_eq!(by_flag, by_variable);
    assert!(
        !by_flag.contains('│') && !by_flag.contains('╭'),
        "{by_flag}"
    );
    settings().bind(|| insta::assert_snapshot!("human_narrated", by_flag));
}
