//! The open documents, their checks, and the diagnostics published for them and for the config
//! files they read.

use super::guard::{self, Failure};
use super::position::{Encoding, IndexedText, LineIndex};
use lsp_types::{
    DiagnosticRelatedInformation, DiagnosticSeverity, DidChangeTextDocumentParams,
    DidChangeWatchedFilesParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams,
    DidSaveTextDocumentParams, Location, NumberOrString, PublishDiagnosticsParams, Url,
};
use phaselint::check::{CardCache, CheckedFile, check_text_again};
use phaselint::config::{self, Config, ConfigError};
use phaselint::diagnostic::{Diagnostic, Severity};
use phaselint::lint::input_problem;
use phaselint::rules::INVALID_CONFIG;
use phaselint::source::{Format, ReadOptions, format_of};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Documents larger than this are not checked as they are edited: checking a card database of
/// many megabytes at every keystroke would stall the editor. `phaselint check` reads them.
pub const MAX_CHECKED_BYTES: usize = 8 << 20;

/// Every open document, and what was published.
#[derive(Default)]
pub struct Documents {
    open: HashMap<Url, Document>,
    pub encoding: Encoding,
    /// Whether the client tells us when config files change.
    pub watch: bool,
    /// The problem published for each config file that has one.
    config_problems: HashMap<Url, Vec<lsp_types::Diagnostic>>,
}

/// One open document.
pub struct Document {
    text: IndexedText,
    version: i32,
    /// The file, or for a document that is not a file (`untitled:`) the URI's path, which still
    /// names its format by its extension.
    path: PathBuf,
    is_file: bool,
    /// Changed since it was last checked.
    stale: bool,
    /// Checked since its diagnostics were last published.
    unpublished: bool,
    checked: Option<Checked>,
    /// The findings of each card of the last check: a keystroke lints again only its own card.
    cards: CardCache,
}

/// A document's last check.
pub struct Checked {
    pub config: Config,
    pub format: Format,
    /// `None` when the document was not checked as cards: excluded by the config, too large, or a
    /// config file itself.
    pub file: Option<CheckedFile>,
    pub diagnostics: Vec<lsp_types::Diagnostic>,
    /// The problem of the config file it read, and where that file is.
    config_problem: Option<(Url, Vec<lsp_types::Diagnostic>)>,
}

/// Diagnostics to publish for one URI.
pub struct Published {
    uri: Url,
    version: Option<i32>,
    diagnostics: Vec<lsp_types::Diagnostic>,
}

impl Checked {
    /// A check that panicked: the failure, at the document's start, and nothing more.
    fn failed(failure: &Failure) -> Checked {
        Checked {
            config: Config::default_for(PathBuf::new()),
            // Unused: no file was checked.
            format: Format::Text,
            file: None,
            diagnostics: vec![failure_diagnostic(failure)],
            config_problem: None,
        }
    }
}

impl Published {
    /// No diagnostics: for a closed document, or a config file that was mended.
    pub fn cleared(uri: Url) -> PublishDiagnosticsParams {
        PublishDiagnosticsParams::new(uri, Vec::new(), None)
    }

    pub fn into_params(self) -> PublishDiagnosticsParams {
        PublishDiagnosticsParams::new(self.uri, self.diagnostics, self.version)
    }
}

impl Document {
    fn new(uri: &Url, text: String, version: i32, encoding: Encoding) -> Document {
        let (path, is_file) = match uri.to_file_path() {
            Ok(path) => (path, true),
            Err(()) => (PathBuf::from(uri.path()), false),
        };
        Document {
            text: IndexedText::new(text, encoding),
            version,
            path,
            is_file,
            stale: true,
            unpublished: false,
            checked: None,
            cards: CardCache::default(),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn text(&self) -> &str {
        self.text.as_str()
    }

    /// The index of the text as it stands, kept up to date as it is edited.
    pub fn index(&self) -> LineIndex<'_> {
        self.text.index()
    }

    /// The card format: by the extension, else sniffed from the text.
    pub fn format(&self) -> Format {
        format_of(&self.path, self.text())
    }

    /// Whether the document is read as cards: not a config file, and not too large (see
    /// [`MAX_CHECKED_BYTES`]).
    pub fn holds_cards(&self) -> bool {
        !self.is_config_file() && self.text().len() <= MAX_CHECKED_BYTES
    }

    fn is_config_file(&self) -> bool {
        self.path
            .file_name()
            .is_some_and(|name| name == config::FILE_NAME)
    }

    /// The config for this document, and the problem of a config file that could not be used
    /// (the document is then checked with the defaults, rooted where that file is).
    fn config(&self) -> (Config, Option<ConfigError>) {
        if !self.is_file {
            let cwd = std::env::current_dir().unwrap_or_default();
            return (Config::default_for(cwd), None);
        }
        match Config::for_file(&self.path) {
            Ok(config) => (config, None),
            Err(error) => {
                let root = error
                    .path
                    .parent()
                    .map(Path::to_path_buf)
                    .unwrap_or_default();
                (Config::default_for(root), Some(error))
            }
        }
    }

    /// The document's check. A panic in it is caught, and said on the document instead (and the
    /// cards' findings, which it may have left half made, are dropped).
    fn check(&mut self, uri: &Url, encoding: Encoding) -> Checked {
        let mut cards = std::mem::take(&mut self.cards);
        let checked = guard::run(self.text(), || {
            self.check_unguarded(uri, encoding, &mut cards)
        });
        match checked {
            Ok(checked) => {
                self.cards = cards;
                checked
            }
            Err(failure) => Checked::failed(&failure),
        }
    }

    fn check_unguarded(&self, uri: &Url, encoding: Encoding, cards: &mut CardCache) -> Checked {
        let format = self.format();
        let index = self.index();
        let text = self.text();
        if self.is_config_file() {
            // A phaselint.toml open in the editor: its own problem, as it is typed.
            let problem = Config::parse(&self.path, text).err();
            let diagnostics = problem
                .iter()
                .flat_map(|error| config_problem(error, &index, uri));
            return Checked {
                config: Config::default_for(PathBuf::new()),
                format,
                file: None,
                diagnostics: diagnostics.collect(),
                config_problem: None,
            };
        }
        let (config, problem) = self.config();
        let mut diagnostics = Vec::new();
        let config_problem = problem.and_then(|error| {
            let where_ = Url::from_file_path(&error.path).ok()?;
            diagnostics.push(note(format!(
                "{} could not be used ({}); this file is checked with the default rules",
                phaselint::file_name::shown(&error.path),
                INVALID_CONFIG.code
            )));
            let index = LineIndex::new(&error.source_text, encoding);
            let problem = config_problem(&error, &index, &where_);
            Some((where_, problem))
        });
        let file = if text.len() > MAX_CHECKED_BYTES {
            diagnostics.push(note(format!(
                "not checked in the editor: the file is over {} MiB; run `phaselint check` on it",
                MAX_CHECKED_BYTES >> 20
            )));
            None
        } else if self.is_file && config.is_excluded(&self.path) {
            None
        } else {
            let file = check_text_again(
                &self.path,
                text.to_string(),
                format,
                &ReadOptions::default(),
                &config,
                cards,
            );
            diagnostics.extend(file.diagnostics.iter().map(|d| to_lsp(d, &index, uri)));
            Some(file)
        };
        Checked {
            config,
            format,
            file,
            diagnostics,
            config_problem,
        }
    }
}

impl Documents {
    pub fn get(&self, uri: &Url) -> Option<&Document> {
        self.open.get(uri)
    }

    pub fn open(&mut self, params: DidOpenTextDocumentParams) {
        let document = params.text_document;
        let opened = Document::new(
            &document.uri,
            document.text,
            document.version,
            self.encoding,
        );
        self.open.insert(document.uri, opened);
    }

    /// Applies the changes in order: a change with a range replaces those words, one without
    /// replaces the whole text.
    pub fn change(&mut self, params: DidChangeTextDocumentParams) {
        let Some(document) = self.open.get_mut(&params.text_document.uri) else {
            return;
        };
        for change in params.content_changes {
            document.text.replace(change.range, &change.text);
        }
        document.version = params.text_document.version;
        document.stale = true;
    }

    /// A save checks the document again (a config file it reads may have been saved since), and
    /// a saved phaselint.toml every document.
    pub fn save(&mut self, params: DidSaveTextDocumentParams) {
        if is_config_uri(&params.text_document.uri) {
            self.all_stale();
        } else if let Some(document) = self.open.get_mut(&params.text_document.uri) {
            document.stale = true;
        }
    }

    /// Forgets the document; its diagnostics are to be cleared.
    pub fn close(&mut self, params: DidCloseTextDocumentParams) -> Url {
        self.open.remove(&params.text_document.uri);
        params.text_document.uri
    }

    /// A watched phaselint.toml was created, changed or deleted: every document is checked again.
    pub fn files_changed(&mut self, params: DidChangeWatchedFilesParams) {
        if params
            .changes
            .iter()
            .any(|change| is_config_uri(&change.uri))
        {
            self.all_stale();
        }
    }

    fn all_stale(&mut self) {
        for document in self.open.values_mut() {
            document.stale = true;
        }
    }

    /// The last check of `uri`, checked again first if it changed since.
    pub fn checked(&mut self, uri: &Url) -> Option<(&Document, &Checked)> {
        let encoding = self.encoding;
        let document = self.open.get_mut(uri)?;
        if document.stale || document.checked.is_none() {
            document.checked = Some(document.check(uri, encoding));
            document.stale = false;
            document.unpublished = true;
        }
        let document = &*document;
        Some((document, document.checked.as_ref()?))
    }

    /// A request on `uri` failed: the failure is said on the document until its next check. It
    /// joins the document's check, which is made now if there is none yet.
    pub fn failed(&mut self, uri: &Url, failure: &Failure) {
        self.checked(uri);
        let Some(document) = self.open.get_mut(uri) else {
            return;
        };
        let Some(checked) = document.checked.as_mut() else {
            return;
        };
        let diagnostic = failure_diagnostic(failure);
        if !checked.diagnostics.contains(&diagnostic) {
            checked.diagnostics.insert(0, diagnostic);
            document.unpublished = true;
        }
    }

    /// Checks every changed document: what is to be published for them, and for the config
    /// files whose problem appeared, changed or went away.
    pub fn check_changed(&mut self) -> Vec<Published> {
        let stale: Vec<Url> = self
            .open
            .iter()
            .filter(|(_, d)| d.stale)
            .map(|(u, _)| u.clone())
            .collect();
        for uri in &stale {
            self.checked(uri);
        }
        let mut published = Vec::new();
        for (uri, document) in &mut self.open {
            let Some(checked) = document.checked.as_ref().filter(|_| document.unpublished) else {
                continue;
            };
            document.unpublished = false;
            published.push(Published {
                uri: uri.clone(),
                version: Some(document.version),
                diagnostics: checked.diagnostics.clone(),
            });
        }
        // A config file open in the editor publishes its own problem as it is typed.
        let problems: HashMap<Url, Vec<lsp_types::Diagnostic>> = self
            .open
            .values()
            .filter_map(|d| d.checked.as_ref()?.config_problem.clone())
            .filter(|(uri, _)| !self.open.contains_key(uri))
            .collect();
        for (uri, problem) in &problems {
            if self.config_problems.get(uri) != Some(problem) {
                published.push(Published {
                    uri: uri.clone(),
                    version: None,
                    diagnostics: problem.clone(),
                });
            }
        }
        for uri in self
            .config_problems
            .keys()
            .filter(|uri| !problems.contains_key(*uri))
        {
            published.push(Published {
                uri: uri.clone(),
                version: None,
                diagnostics: Vec::new(),
            });
        }
        self.config_problems = problems;
        published
    }
}

fn is_config_uri(uri: &Url) -> bool {
    uri.path_segments()
        .and_then(|mut segments| segments.next_back())
        .is_some_and(|name| name == config::FILE_NAME)
}

/// A phaselint diagnostic in LSP terms: the rule's code, the severity (a note is Information:
/// notes say things worth reading, which Hint would grey out), the message with its help, and
/// the labels as related places in the same document.
pub fn to_lsp(diagnostic: &Diagnostic, index: &LineIndex, uri: &Url) -> lsp_types::Diagnostic {
    let mut message = diagnostic.message.clone();
    if let Some(help) = &diagnostic.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    let related: Vec<_> = diagnostic
        .labels
        .iter()
        .map(|label| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), index.range(label.span.clone())),
            message: label.message.clone(),
        })
        .collect();
    lsp_types::Diagnostic {
        range: index.range(diagnostic.span.clone()),
        severity: Some(match diagnostic.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
            Severity::Note => DiagnosticSeverity::INFORMATION,
        }),
        code: Some(NumberOrString::String(diagnostic.code.to_string())),
        source: Some("phaselint".into()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Default::default()
    }
}

/// The problems of a config file, each at its place in that file.
fn config_problem(error: &ConfigError, index: &LineIndex, uri: &Url) -> Vec<lsp_types::Diagnostic> {
    error
        .problems()
        .map(|(span, message)| {
            let problem =
                input_problem(&INVALID_CONFIG, span.unwrap_or(0..0), message.into(), None);
            to_lsp(&problem, index, uri)
        })
        .collect()
}

/// A word from the server about the document as a whole, at its start.
fn note(message: String) -> lsp_types::Diagnostic {
    about_document(DiagnosticSeverity::INFORMATION, message)
}

/// Something about the document as a whole, at its start.
fn about_document(severity: DiagnosticSeverity, message: String) -> lsp_types::Diagnostic {
    lsp_types::Diagnostic {
        severity: Some(severity),
        source: Some("phaselint".into()),
        message,
        ..Default::default()
    }
}

fn failure_diagnostic(failure: &Failure) -> lsp_types::Diagnostic {
    about_document(DiagnosticSeverity::ERROR, failure.on_document())
}
