//! LSP messages over stdin and stdout, framed by `Content-Length` headers.
//!
//! lsp-server's own stdio transport stops at the first message it cannot parse, and allocates
//! whatever a `Content-Length` header claims. This one skips a malformed message (answering it
//! when it carries a request id) and refuses absurd lengths, so no input ends the server but the
//! end of its input or the `exit` notification.

use super::shallow;
use crossbeam_channel::{Receiver, Sender};
use lsp_server::{ErrorCode, Message, RequestId, Response};
use phaselint::read::io_message;
use std::io::{self, BufRead, Read, Write};
use std::thread::JoinHandle;

/// The largest message read: a document of this size is far beyond what the server checks as
/// you type (see `MAX_CHECKED_BYTES`), but it is still received and skipped whole.
const MAX_MESSAGE_BYTES: usize = 1 << 30;

/// The longest header line read before the frame is given up as garbage.
const MAX_HEADER_BYTES: usize = 1 << 12;

/// The reading and writing threads. The writer is joined, so every queued message is written
/// before the process exits; the reader may be blocked on stdin and is left to the process's end.
pub struct Transport {
    writer: JoinHandle<()>,
}

/// Starts reading stdin and writing stdout: the messages read, and where to send messages.
pub fn stdio() -> (Sender<Message>, Receiver<Message>, Transport) {
    let (to_client, outgoing) = crossbeam_channel::unbounded::<Message>();
    let (incoming, from_client) = crossbeam_channel::unbounded::<Message>();
    let writer = std::thread::spawn(move || {
        let stdout = io::stdout();
        let mut stdout = stdout.lock();
        for message in outgoing {
            if message.write(&mut stdout).is_err() {
                // The client is gone: nothing more can be said.
                break;
            }
        }
    });
    let answers = to_client.clone();
    std::thread::spawn(move || {
        let stdin = io::stdin();
        read_messages(&mut stdin.lock(), &incoming, &answers);
    });
    (to_client, from_client, Transport { writer })
}

impl Transport {
    /// Waits until everything sent has been written (the senders must be dropped first).
    pub fn join(self) {
        let _ = self.writer.join();
    }
}

/// Reads framed messages until the end of input or `exit`, handing each to `incoming`. A frame
/// whose body is not a JSON-RPC message is answered with an error when it has a request id,
/// else skipped with a line on stderr.
pub fn read_messages(
    input: &mut impl BufRead,
    incoming: &Sender<Message>,
    answers: &Sender<Message>,
) {
    loop {
        let body = match read_frame(input) {
            Ok(Some(body)) => body,
            Ok(None) => return,
            Err(Frame::Skipped(problem)) => {
                log(&problem);
                continue;
            }
            Err(Frame::Broken(problem)) => {
                log(&problem);
                return;
            }
        };
        match parse(&body) {
            Ok(message) => {
                let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
                if incoming.send(message).is_err() || exit {
                    return;
                }
            }
            Err(problem) => match request_id(&body) {
                Some(id) => {
                    let answer = Response::new_err(
                        id,
                        ErrorCode::InvalidRequest as i32,
                        format!("not a JSON-RPC request: {problem}"),
                    );
                    let _ = answers.send(answer.into());
                }
                None => log(&format!(
                    "skipped a message that is not JSON-RPC: {problem}"
                )),
            },
        }
    }
}

/// The message in a frame's body. lsp-server's `Message` is an untagged enum, so an object with an
/// `id` and a `method` that is not a string would read as a response; it is refused here.
fn parse(body: &[u8]) -> Result<Message, String> {
    let value: serde_json::Value = serde_json::from_slice(body).map_err(|e| e.to_string())?;
    let has_method = value.get("method").is_some();
    match serde_json::from_value(value).map_err(|e| e.to_string())? {
        Message::Response(_) if has_method => Err("its method is not a string".into()),
        message => Ok(message),
    }
}

/// Why a frame was not read.
#[derive(Debug)]
enum Frame {
    /// The frame was passed over; the next one can be read.
    Skipped(String),
    /// The input cannot be followed any further (it ended inside a frame, or could not be read).
    Broken(String),
}

/// The body of the next frame; `None` at the end of the input.
fn read_frame(input: &mut impl BufRead) -> Result<Option<Vec<u8>>, Frame> {
    let mut length = None;
    let mut line = Vec::new();
    let mut started = false;
    loop {
        line.clear();
        let read = input
            .by_ref()
            .take(MAX_HEADER_BYTES as u64)
            .read_until(b'\n', &mut line)
            .map_err(|error| {
                Frame::Broken(format!("could not read stdin: {}", io_message(&error)))
            })?;
        if read == 0 {
            return match started {
                false => Ok(None),
                true => Err(Frame::Broken("the input ended inside a header".into())),
            };
        }
        started = true;
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            break;
        }
        match text.split_once(':') {
            Some((name, value)) if name.trim().eq_ignore_ascii_case("content-length") => {
                length = value.trim().parse::<usize>().ok();
            }
            _ => {}
        }
    }
    let Some(length) = length else {
        return Err(Frame::Skipped(
            "skipped a header without a Content-Length".into(),
        ));
    };
    let mut body = Vec::new();
    if length > MAX_MESSAGE_BYTES || body.try_reserve_exact(length).is_err() {
        io::copy(&mut input.by_ref().take(length as u64), &mut io::sink()).map_err(|error| {
            Frame::Broken(format!("could not read stdin: {}", io_message(&error)))
        })?;
        return Err(Frame::Skipped(format!(
            "skipped a message of {length} bytes: too large"
        )));
    }
    input
        .by_ref()
        .take(length as u64)
        .read_to_end(&mut body)
        .map_err(|error| Frame::Broken(format!("could not read stdin: {}", io_message(&error))))?;
    if body.len() < length {
        return Err(Frame::Broken("the input ended inside a message".into()));
    }
    Ok(Some(body))
}

/// The id of a JSON object that looks like a request (`id` and `method`) but did not parse as one.
/// Its members are read shallowly: one nested too deep for serde_json is still answered.
fn request_id(body: &[u8]) -> Option<RequestId> {
    let members = shallow::members(body);
    members.iter().find(|(key, _)| key == "method")?;
    let (_, id) = members.iter().rev().find(|(key, _)| key == "id")?;
    match serde_json::from_slice(id).ok()? {
        serde_json::Value::Number(n) => Some(RequestId::from(i32::try_from(n.as_i64()?).ok()?)),
        serde_json::Value::String(s) => Some(RequestId::from(s)),
        _ => None,
    }
}

/// A line on stderr, the only place besides the protocol the server writes to.
pub fn log(message: &str) {
    let _ = writeln!(io::stderr(), "phaselint server: {message}");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    /// Everything read from `input`, and everything answered.
    fn read_all(input: &str) -> (Vec<Message>, Vec<Message>) {
        let (incoming, read) = crossbeam_channel::unbounded();
        let (answers, answered) = crossbeam_channel::unbounded();
        read_messages(&mut io::Cursor::new(input.as_bytes()), &incoming, &answers);
        drop((incoming, answers));
        (read.iter().collect(), answered.iter().collect())
    }

    #[test]
    fn malformed_frames_are_skipped_and_reading_goes_on() {
        let good = r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#;
        let input = [
            frame("{not json"),
            frame(r#"{"jsonrpc":"2.0","id":7,"method":5}"#),
            "X-Other: 1\r\n\r\n".to_string(),
            format!("Content-Length: {}\r\n\r\n", usize::MAX),
            frame(good),
        ]
        .concat();
        let (read, answered) = read_all(&input);
        // The frame of usize::MAX bytes swallows the rest of the input: nothing after it, and no
        // allocation of that size either.
        assert!(read.is_empty(), "{read:?}");
        let [Message::Response(answer)] = answered.as_slice() else {
            panic!("one answer: {answered:?}")
        };
        assert_eq!(answer.id, RequestId::from(7));
        assert_eq!(
            answer.error.as_ref().map(|e| e.code),
            Some(ErrorCode::InvalidRequest as i32)
        );
        let (read, _) = read_all(&[frame("[1,2"), frame(good), frame(good)].concat());
        assert_eq!(read.len(), 2);
    }

    #[test]
    fn a_request_nested_too_deep_to_parse_is_answered() {
        let deep = "[".repeat(200) + &"]".repeat(200);
        let request = format!(r#"{{"jsonrpc":"2.0","method":"x","params":{deep},"id":"d\"1"}}"#);
        let notification = format!(r#"{{"jsonrpc":"2.0","method":"x","params":{deep}}}"#);
        let response = format!(r#"{{"jsonrpc":"2.0","id":3,"result":{deep}}}"#);
        let (read, answered) =
            read_all(&[frame(&request), frame(&notification), frame(&response)].concat());
        assert!(read.is_empty(), "{read:?}");
        let [Message::Response(answer)] = answered.as_slice() else {
            panic!("one answer: {answered:?}")
        };
        assert_eq!(answer.id, RequestId::from("d\"1".to_string()));
        let error = answer.error.as_ref().expect("an error");
        assert_eq!(error.code, ErrorCode::InvalidRequest as i32);
        assert!(
            error.message.contains("recursion limit"),
            "{}",
            error.message
        );
    }

    #[test]
    fn reading_stops_at_exit_and_at_a_truncated_message() {
        let exit = r#"{"jsonrpc":"2.0","method":"exit"}"#;
        let after = r#"{"jsonrpc":"2.0","method":"initialized"}"#;
        let (read, _) = read_all(&[frame(exit), frame(after)].concat());
        assert_eq!(read.len(), 1);
        let (read, _) = read_all("Content-Length: 40\r\n\r\n{\"jsonrpc\"");
        assert!(read.is_empty());
    }
}
