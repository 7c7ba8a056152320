//! `phaselint server`: a language server over stdin and stdout (LSP 3.17), for any editor with
//! an LSP client.
//!
//! - Diagnostics of card files as they are opened, changed and saved: the same check as
//!   `phaselint check`, with the config found from the document and read again at every check.
//! - Code actions: each fix as a quick fix, and every safe fix of the file at once, computed as
//!   `phaselint check --fix` computes it.
//! - Hover: what `phaselint explain` says about the timing phrase under the pointer.
//!
//! One thread handles every message in turn; documents are checked when no message is waiting,
//! so a burst of edits costs one check. Nothing is written to stdout but protocol messages;
//! problems of the server itself go to stderr. A panic while phaselint works on a document is
//! caught (`guard`): the document gets an error saying so, a request about it an error answer,
//! and the session goes on for every other document.
//!
//! Architecture invariant: the server speaks LSP and calls the library's pipeline, as the command
//! line does; it holds none of the pipeline's logic.

mod actions;
mod documents;
mod guard;
mod position;
mod shallow;
mod transport;

use documents::{Documents, Published};
use guard::Failure;
use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{self as notif, Notification as _};
use lsp_types::request::{self as req, Request as _};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionProviderCapability, HoverContents,
    HoverProviderCapability, InitializeParams, InitializeResult, MarkupContent, MarkupKind,
    ServerCapabilities, ServerInfo, TextDocumentSyncCapability, TextDocumentSyncKind,
    TextDocumentSyncOptions, TextDocumentSyncSaveOptions,
};
use phaselint::explain;
use phaselint::source::ReadOptions;
use position::Encoding;
use serde::de::DeserializeOwned;

use actions::FIX_ALL_KIND;

/// How the session ended, for the exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// `shutdown`, then `exit`: exit 0.
    Shutdown,
    /// `exit` without `shutdown`, or the input ended first: exit 1, as LSP asks.
    Abruptly,
}

/// Serves one client on stdin and stdout until it says `exit` or its input ends.
pub fn run() -> Ended {
    let (sender, receiver, transport) = transport::stdio();
    let ended = Server::new(sender).serve(&receiver);
    transport.join();
    ended
}

/// The state of a session.
struct Server {
    sender: crossbeam_channel::Sender<Message>,
    documents: Documents,
    initialized: bool,
    shutdown: bool,
    next_request: i32,
}

impl Server {
    fn new(sender: crossbeam_channel::Sender<Message>) -> Server {
        Server {
            sender,
            documents: Documents::default(),
            initialized: false,
            shutdown: false,
            next_request: 0,
        }
    }

    fn serve(mut self, receiver: &crossbeam_channel::Receiver<Message>) -> Ended {
        for message in receiver {
            if matches!(&message, Message::Notification(n) if n.method == notif::Exit::METHOD) {
                return match self.shutdown {
                    true => Ended::Shutdown,
                    false => Ended::Abruptly,
                };
            }
            self.handle(message);
            if receiver.is_empty() {
                self.publish();
            }
        }
        Ended::Abruptly
    }

    /// Handles one message. A panic outside the guarded work on a document (a bug of the server's
    /// own) is caught here too: a request still gets an answer, and the session goes on.
    fn handle(&mut self, message: Message) {
        let id = match &message {
            Message::Request(request) => Some(request.id.clone()),
            _ => None,
        };
        let handled = guard::catch(|| match message {
            Message::Request(request) => self.request(request),
            Message::Notification(notification) => self.notification(notification),
            // The answers to our own requests (the watcher registration) need no handling.
            Message::Response(_) => {}
        });
        if let Err(failure) = handled {
            let message = format!("phaselint failed: {failure}");
            match id {
                Some(id) => self.error(id, ErrorCode::InternalError, message),
                None => transport::log(&message),
            }
        }
    }

    fn send(&self, message: impl Into<Message>) {
        // Fails only when the writer has stopped because the client is gone.
        let _ = self.sender.send(message.into());
    }

    fn notify<N: notif::Notification>(&self, params: N::Params) {
        self.send(Notification::new(N::METHOD.to_string(), params));
    }

    fn error(&self, id: RequestId, code: ErrorCode, message: String) {
        self.send(Response::new_err(id, code as i32, message));
    }

    fn request(&mut self, request: Request) {
        let Request { id, method, params } = request;
        if method == req::Initialize::METHOD && !self.initialized {
            return self.initialize(id, params);
        }
        if !self.initialized {
            return self.error(
                id,
                ErrorCode::ServerNotInitialized,
                "not initialized".into(),
            );
        }
        if self.shutdown {
            return self.error(
                id,
                ErrorCode::InvalidRequest,
                "the server is shut down".into(),
            );
        }
        match method.as_str() {
            req::Shutdown::METHOD => {
                self.shutdown = true;
                self.send(Response::new_ok(id, ()));
            }
            req::HoverRequest::METHOD => {
                self.answer(id, params, |server, params| server.hover(params))
            }
            req::CodeActionRequest::METHOD => self.answer(id, params, |server, params| {
                server.documents.code_actions(&params)
            }),
            req::Initialize::METHOD => {
                self.error(id, ErrorCode::InvalidRequest, "already initialized".into())
            }
            _ => self.error(
                id,
                ErrorCode::MethodNotFound,
                format!("unknown method {method}"),
            ),
        }
    }

    /// Answers a request with `handle`'s result: InvalidParams when its params do not parse,
    /// InternalError when phaselint failed on the document.
    fn answer<P: DeserializeOwned, R: serde::Serialize>(
        &mut self,
        id: RequestId,
        params: serde_json::Value,
        handle: impl FnOnce(&mut Server, P) -> Result<R, Failure>,
    ) {
        match serde_json::from_value::<P>(params) {
            Ok(params) => match handle(self, params) {
                Ok(result) => self.send(Response::new_ok(id, result)),
                Err(failure) => self.error(id, ErrorCode::InternalError, failure.on_document()),
            },
            Err(error) => self.error(id, ErrorCode::InvalidParams, error.to_string()),
        }
    }

    fn initialize(&mut self, id: RequestId, params: serde_json::Value) {
        // Capabilities that do not parse are taken as none: the client still gets a server.
        let params: InitializeParams = serde_json::from_value(params).unwrap_or_default();
        let capabilities = &params.capabilities;
        self.documents.encoding = Encoding::negotiate(
            capabilities
                .general
                .as_ref()
                .and_then(|general| general.position_encodings.as_deref()),
        );
        self.documents.watch = capabilities
            .workspace
            .as_ref()
            .and_then(|workspace| workspace.did_change_watched_files)
            .and_then(|watched| watched.dynamic_registration)
            .unwrap_or(false);
        let result = InitializeResult {
            capabilities: capabilities_offered(self.documents.encoding),
            server_info: Some(ServerInfo {
                name: "phaselint".into(),
                version: Some(env!("CARGO_PKG_VERSION").into()),
            }),
        };
        self.initialized = true;
        self.send(Response::new_ok(id, result));
    }

    fn notification(&mut self, notification: Notification) {
        if !self.initialized || self.shutdown {
            return;
        }
        let Notification { method, params } = notification;
        let documents = &mut self.documents;
        // A notification cannot be answered: one that does not parse is dropped, with a line on
        // stderr.
        let handled = match method.as_str() {
            notif::Initialized::METHOD => {
                self.watch_config_files();
                Ok(())
            }
            notif::DidOpenTextDocument::METHOD => parse(params).map(|p| documents.open(p)),
            notif::DidChangeTextDocument::METHOD => parse(params).map(|p| documents.change(p)),
            notif::DidSaveTextDocument::METHOD => parse(params).map(|p| documents.save(p)),
            notif::DidCloseTextDocument::METHOD => parse(params).map(|p| {
                let uri = documents.close(p);
                let _ = self.sender.send(cleared(uri));
            }),
            notif::DidChangeWatchedFiles::METHOD => {
                parse(params).map(|p| documents.files_changed(p))
            }
            _ => Ok(()),
        };
        if let Err(error) = handled {
            transport::log(&format!("{method}: {error}"));
        }
    }

    /// Asks the client to tell us when any phaselint.toml changes, where it can be asked.
    fn watch_config_files(&mut self) {
        if !self.documents.watch {
            return;
        }
        self.next_request += 1;
        let registration = lsp_types::Registration {
            id: "phaselint-config".into(),
            method: notif::DidChangeWatchedFiles::METHOD.into(),
            register_options: serde_json::to_value(
                lsp_types::DidChangeWatchedFilesRegistrationOptions {
                    watchers: vec![lsp_types::FileSystemWatcher {
                        glob_pattern: lsp_types::GlobPattern::String(format!(
                            "**/{}",
                            phaselint::config::FILE_NAME
                        )),
                        kind: None,
                    }],
                },
            )
            .ok(),
        };
        let params = lsp_types::RegistrationParams {
            registrations: vec![registration],
        };
        let id = RequestId::from(format!("phaselint-{}", self.next_request));
        self.send(Request::new(
            id,
            req::RegisterCapability::METHOD.into(),
            params,
        ));
    }

    /// Publishes the diagnostics of every document changed since they were last published, and
    /// of the config files they read.
    fn publish(&mut self) {
        for published in self.documents.check_changed() {
            self.notify::<notif::PublishDiagnostics>(published.into_params());
        }
    }

    /// The hover at a place; a failure is also said on the document.
    fn hover(
        &mut self,
        params: lsp_types::HoverParams,
    ) -> Result<Option<lsp_types::Hover>, Failure> {
        let at = params.text_document_position_params;
        let uri = &at.text_document.uri;
        let Some(document) = self.documents.get(uri).filter(|d| d.holds_cards()) else {
            return Ok(None);
        };
        let hover = guard::run(document.text(), || {
            let index = document.index();
            let offset = index.offset(at.position);
            let read = ReadOptions::default();
            let found = explain::hover(document.text(), document.format(), &read, offset)?;
            Some(lsp_types::Hover {
                contents: HoverContents::Markup(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value: found.markdown,
                }),
                range: Some(index.range(found.span)),
            })
        });
        if let Err(failure) = &hover {
            self.documents.failed(uri, failure);
        }
        hover
    }
}

/// The diagnostics of a closed document, cleared.
fn cleared(uri: lsp_types::Url) -> Message {
    let params = Published::cleared(uri);
    Notification::new(notif::PublishDiagnostics::METHOD.into(), params).into()
}

fn parse<P: DeserializeOwned>(params: serde_json::Value) -> Result<P, serde_json::Error> {
    serde_json::from_value(params)
}

/// What the server offers: incremental sync with save events, quick fixes and the fix-all source
/// action, hover.
fn capabilities_offered(encoding: Encoding) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(encoding.kind()),
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                save: Some(TextDocumentSyncSaveOptions::Supported(true)),
                ..Default::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![
                CodeActionKind::QUICKFIX,
                CodeActionKind::SOURCE_FIX_ALL,
                CodeActionKind::new(FIX_ALL_KIND),
            ]),
            ..Default::default()
        })),
        ..Default::default()
    }
}
