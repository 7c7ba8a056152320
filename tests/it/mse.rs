//! Magic Set Editor sets (issue 20): `fixtures/formats/mse/dusk.mse-set/`, a set kept unpacked
//! in a folder with two of its cards in files of their own, and `dawn.mse-set`, a set saved as a
//! zip, checked and pinned in `snapshots/mse_*.snap`; and the broken zips of `fixtures/bad/`,
//! each refused with its reason and without reading what it claims to hold.

use phaselint::check::{CheckOptions, CheckedFile, check_paths, check_text};
use phaselint::config::Config;
use phaselint::report::{self, Format, HumanStyle, Summary};
use phaselint::rules;
use phaselint::source::mse_zip::{ZipErrorKind, ZipLimits, read_mse_zip};
use phaselint::source::{self, ReadOptions, mse_includes};
use std::path::{Path, PathBuf};

const FOLDER: &str = "fixtures/formats/mse/dusk.mse-set";
const ZIP: &str = "fixtures/formats/mse/dawn.mse-set";

fn settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings
}

fn render(files: &[CheckedFile], format: Format) -> String {
    let style = HumanStyle {
        graphical: true,
        color: false,
        width: 80,
    };
    let summary = Summary::counting_fixes_in(files, |file| file.rewritable);
    report::render(format, files, rules::registry(), &style, &summary)
}

/// The folder's `set` and the card files it includes, in its order, as a walk of the folder
/// would take them.
fn folder_files() -> Vec<PathBuf> {
    let set = Path::new(FOLDER).join("set");
    let text = std::fs::read_to_string(&set).expect("the set file");
    let mut files = vec![set];
    files.extend(
        mse_includes(&text)
            .into_iter()
            .map(|include| Path::new(FOLDER).join(include.file)),
    );
    files
}

#[test]
fn the_unpacked_set_and_its_card_files() {
    let files = folder_files();
    assert_eq!(files.len(), 3, "the set includes two card files");
    let checked = check_paths(&files, &CheckOptions::default(), &|_| {})
        .expect("the files are checked")
        .files;
    assert!(checked.iter().all(|file| !file.failed));
    let cards: usize = checked.iter().map(|file| file.cards).sum();
    assert_eq!(cards, 6);
    assert!(checked.iter().all(|file| file.rewritable));
    settings().bind(|| {
        insta::assert_snapshot!("mse_folder_short", render(&checked, Format::Short));
        insta::assert_snapshot!("mse_folder_human", render(&checked, Format::Human));
    });
}

#[test]
fn the_zipped_set_is_reported_by_member() {
    let bytes = std::fs::read(ZIP).expect("the zip");
    let members = read_mse_zip(&bytes, &ZipLimits::default()).expect("a set");
    let names: Vec<_> = members.iter().map(|member| member.name.as_str()).collect();
    // The image is not read; the included card is.
    assert_eq!(names, ["set", "card Sunrise Herald"]);
    let config = Config::default_for(".".into());
    let checked: Vec<CheckedFile> = members
        .into_iter()
        .map(|member| {
            let path = format!("{ZIP}!{}", member.name);
            check_text(
                Path::new(&path),
                member.text,
                source::Format::Mse,
                &ReadOptions::default(),
                &config,
            )
        })
        .collect();
    settings().bind(|| {
        insta::assert_snapshot!("mse_zip_short", render(&checked, Format::Short));
    });
}

/// `fixtures/bad/NAME` read as a zip.
fn bad(name: &str, limits: &ZipLimits) -> phaselint::source::mse_zip::ZipError {
    let bytes = std::fs::read(Path::new("fixtures/bad").join(name)).expect("the fixture");
    read_mse_zip(&bytes, limits).expect_err("refused")
}

#[test]
fn broken_zips_are_refused_with_their_reason() {
    let limits = ZipLimits::default();
    let cases = [
        (
            "mse-dotdot.mse-set",
            ZipErrorKind::Refused,
            "the zip entry `../card Sunrise Herald` has `..` in its name: the zip is not read",
        ),
        (
            "mse-no-set.mse-set",
            ZipErrorKind::NotASet,
            "no `set` file in this zip: it is not a Magic Set Editor set, and no card was read from it",
        ),
        (
            "mse-bomb.mse-set",
            ZipErrorKind::Refused,
            "the zip member `set` claims about 66 MiB, more than the 64 MiB phaselint reads from a zip, in all",
        ),
        (
            "mse-repeated-name.mse-set",
            ZipErrorKind::Refused,
            "an entry's name is repeated in the zip (its directory lists it twice, or under two spellings): the zip is not read",
        ),
        (
            "mse-huge-claim.mse-set",
            ZipErrorKind::Refused,
            "the zip member `set` claims 2 GiB, more than the 64 MiB phaselint reads from a zip, in all",
        ),
    ];
    for (name, kind, message) in cases {
        let error = bad(name, &limits);
        assert_eq!(
            (error.kind, error.message.as_str()),
            (kind, message),
            "{name}"
        );
    }
    for name in ["mse-cut.mse-set", "mse-noise.mse-set"] {
        let error = bad(name, &limits);
        assert_eq!(error.kind, ZipErrorKind::Unreadable, "{name}");
        assert!(
            error
                .message
                .starts_with("not a zip archive, or a damaged one: "),
            "{name}: {}",
            error.message
        );
    }
}

#[test]
fn a_bomb_that_lies_about_its_size_is_cut_at_the_limit() {
    let mut bytes = std::fs::read("fixtures/bad/mse-bomb.mse-set").expect("the fixture");
    // Both headers claim 100 bytes for the 70 MB member.
    let local = 0;
    assert_eq!(&bytes[local..local + 4], b"PK\x03\x04");
    bytes[local + 22..local + 26].copy_from_slice(&100u32.to_le_bytes());
    let central = bytes
        .windows(4)
        .position(|window| window == b"PK\x01\x02")
        .expect("a central directory");
    bytes[central + 24..central + 28].copy_from_slice(&100u32.to_le_bytes());
    let limits = ZipLimits {
        max_total: 1 << 20,
        ..ZipLimits::default()
    };
    let error = read_mse_zip(&bytes, &limits).expect_err("refused");
    // The member is read past what it claims, up to the limit: never 70 MB in memory.
    assert_eq!(error.kind, ZipErrorKind::Refused);
    assert_eq!(
        error.message,
        "the zip member `set` holds more than the 1 MiB phaselint reads from a zip, in all"
    );
}

#[test]
fn a_zip_of_more_entries_than_the_limit_is_refused() {
    let bytes = std::fs::read(ZIP).expect("the zip");
    let limits = ZipLimits {
        max_entries: 2,
        ..ZipLimits::default()
    };
    let error = read_mse_zip(&bytes, &limits).expect_err("refused");
    assert_eq!(
        error.message,
        "the zip lists 3 entries, more than the 2 phaselint reads"
    );
}

#[test]
fn a_cut_or_flipped_zip_never_panics() {
    let bytes = std::fs::read(ZIP).expect("the zip");
    let limits = ZipLimits::default();
    for cut in 0..bytes.len() {
        let _ = read_mse_zip(&bytes[..cut], &limits);
    }
    for at in 0..bytes.len() {
        for mask in [0x01, 0x80, 0xff] {
            let mut flipped = bytes.clone();
            flipped[at] ^= mask;
            if let Ok(members) = read_mse_zip(&flipped, &limits) {
                let total: usize = members.iter().map(|member| member.text.len()).sum();
                assert!(total as u64 <= limits.max_total);
            }
        }
    }
}

/// A zip of `members`, written by the zip crate.
fn zip_of(members: &[(&str, &str)]) -> Vec<u8> {
    use std::io::Write;
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, text) in members {
        zip.start_file(*name, zip::write::SimpleFileOptions::default())
            .expect("a member");
        zip.write_all(text.as_bytes()).expect("written");
    }
    zip.finish().expect("a zip").into_inner()
}

/// `bytes` with every `from` replaced by `to`, of the same length.
fn renamed(mut bytes: Vec<u8>, from: &[u8], to: &[u8]) -> Vec<u8> {
    assert_eq!(from.len(), to.len());
    let places: Vec<usize> = bytes
        .windows(from.len())
        .enumerate()
        .filter(|(_, window)| *window == from)
        .map(|(at, _)| at)
        .collect();
    assert!(!places.is_empty());
    for at in places {
        bytes[at..at + to.len()].copy_from_slice(to);
    }
    bytes
}

#[test]
fn a_zip_with_a_repeated_name_is_refused() {
    // Issue 38 §16: of two `set` members, one was never checked.
    let set = "mse_version: 2.0.2\ncard:\n\tname: A\n\trule_text: Tap it until end of turn.\n";
    let bytes = renamed(zip_of(&[("set", set), ("seX", set)]), b"seX", b"set");
    let error = read_mse_zip(&bytes, &ZipLimits::default()).expect_err("refused");
    assert_eq!(error.kind, ZipErrorKind::Refused);
    assert_eq!(
        error.message,
        "an entry's name is repeated in the zip (its directory lists it twice, or under two spellings): the zip is not read"
    );
}

#[test]
fn a_zip_with_a_name_repeated_under_any_disguise_is_refused() {
    // The review of issue 38: 70,000 bytes after the end record hid it from a search of the last
    // 64 KiB, which the zip library does not stop at; `./set` is `set` to a tool that unzips.
    let set = "mse_version: 2.0.2\ncard:\n\tname: A\n\trule_text: Tap it.\n";
    let mut trailed = renamed(zip_of(&[("set", set), ("seX", set)]), b"seX", b"set");
    trailed.extend(std::iter::repeat_n(0, 70_000));
    let spelled = zip_of(&[("set", set), ("./set", set)]);
    for bytes in [trailed, spelled] {
        let error = read_mse_zip(&bytes, &ZipLimits::default()).expect_err("refused");
        assert_eq!(
            (error.kind, error.message.as_str()),
            (
                ZipErrorKind::Refused,
                "an entry's name is repeated in the zip (its directory lists it twice, or under two spellings): the zip is not read"
            )
        );
    }
}

#[test]
fn a_zip_is_refused_by_the_count_of_its_end_record_before_its_directory_is_read() {
    // Issue 38 §9: the limit was applied after the whole directory was parsed (4,000,000 entries
    // named `x`: 1.3 GB). A count of 60,000 over a directory of 3 is refused by the count; read,
    // the directory would be found cut short.
    let mut bytes = std::fs::read(ZIP).expect("the zip");
    let end = bytes
        .windows(4)
        .rposition(|window| window == b"PK\x05\x06")
        .expect("an end record");
    for field in [end + 8, end + 10] {
        bytes[field..field + 2].copy_from_slice(&60_000u16.to_le_bytes());
    }
    let limits = ZipLimits {
        max_entries: 1_000,
        ..ZipLimits::default()
    };
    let error = read_mse_zip(&bytes, &limits).expect_err("refused");
    assert_eq!(
        (error.kind, error.message.as_str()),
        (
            ZipErrorKind::Refused,
            "the zip lists 60000 entries, more than the 1000 phaselint reads"
        )
    );
}

#[test]
fn a_zip_reads_each_included_member_once() {
    // Issue 38 §2 and §8: one member under three spellings is read once, by a hash set.
    let set = "mse_version: 2.0.2\ninclude_file: card A\ninclude_file: ./card A\ninclude_file: .//card A\ninclude_file: set\n";
    let card = "card:\n\tname: A\n\trule_text: Tap it.\n";
    let bytes = zip_of(&[("set", set), ("card A", card)]);
    let members = read_mse_zip(&bytes, &ZipLimits::default()).expect("read");
    let names: Vec<_> = members.iter().map(|member| member.name.as_str()).collect();
    assert_eq!(names, ["set", "card A"]);
}

#[test]
fn an_unpacked_set_reads_each_included_file_once() {
    // Issue 38 §2: 16,000 includes of one card file read it 16,000 times, and `--diff` printed a
    // hunk for each.
    let dir = tempfile::tempdir().expect("a folder");
    let set_dir = dir.path().join("s.mse-set");
    std::fs::create_dir(&set_dir).expect("the set's folder");
    std::fs::write(
        set_dir.join("card A"),
        "card:\n\tname: A\n\trule_text: Tap it until the end of turn.\n",
    )
    .expect("written");
    let includes = "include_file: card A\ninclude_file: ./card A\ninclude_file: .//card A \n";
    std::fs::write(
        set_dir.join("set"),
        format!("mse_version: 2.0.2\n{}", includes.repeat(100)),
    )
    .expect("written");
    let checked = check_paths(&[set_dir.join("set")], &CheckOptions::default(), &|_| {})
        .expect("checked")
        .files;
    let paths: Vec<_> = checked
        .iter()
        .map(|file| Path::new(&file.path).file_name().unwrap().to_owned())
        .collect();
    assert_eq!(paths, ["set", "card A"]);
}

/// `fixtures/formats/mse/Ember Court/`: a set unzipped into a folder named as designers name it
/// (spaces, no `.mse-set`), beside the zip it came from (issue 39).
const ANY_FOLDER: &str = "fixtures/formats/mse/Ember Court";

#[test]
fn a_set_in_a_folder_of_any_name_is_read_and_its_zip_beside_it_noted() {
    let root = Path::new("fixtures/formats/mse");
    let checked =
        check_paths(&[root.to_path_buf()], &CheckOptions::default(), &|_| {}).expect("checked");
    let paths: Vec<&str> = checked
        .files
        .iter()
        .map(|file| file.path.as_str())
        .collect();
    let set = format!("{ANY_FOLDER}/set");
    let card = format!("{ANY_FOLDER}/card Ashen Steward");
    assert!(paths.contains(&set.as_str()), "{paths:?}");
    assert!(paths.contains(&card.as_str()), "{paths:?}");
    // The zip beside the folder is the one file skipped; the other zip is read.
    assert!(
        !paths
            .iter()
            .any(|path| path.starts_with("fixtures/formats/mse/Ember Court.mse-set"))
    );
    assert!(paths.iter().any(|path| path.starts_with(ZIP)));
    assert_eq!(checked.skipped, 1);
    let ours: Vec<CheckedFile> = checked
        .files
        .into_iter()
        .filter(|file| file.path.starts_with(ANY_FOLDER))
        .collect();
    assert_eq!(ours.iter().map(|file| file.cards).sum::<usize>(), 3);
    settings().bind(|| {
        insta::assert_snapshot!("mse_any_folder_short", render(&ours, Format::Short));
    });
    // Named, the zip is read: a stale one is checked so.
    let zip = PathBuf::from("fixtures/formats/mse/Ember Court.mse-set");
    let named = check_paths(&[zip], &CheckOptions::default(), &|_| {}).expect("checked");
    let members: Vec<&str> = named.files.iter().map(|file| file.path.as_str()).collect();
    assert_eq!(
        members,
        [
            "fixtures/formats/mse/Ember Court.mse-set!set",
            "fixtures/formats/mse/Ember Court.mse-set!card Ashen Steward"
        ]
    );
    // Named directly, as pre-commit names it, the folder's `set` reads its card file.
    let named =
        check_paths(&[PathBuf::from(&set)], &CheckOptions::default(), &|_| {}).expect("checked");
    assert_eq!(named.files.iter().map(|file| file.cards).sum::<usize>(), 3);
}
