//! A `phaselint server` process on pipes, and the Content-Length framing of what it writes: for
//! the server's tests and its keystroke bench.

use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};

/// Starts `phaselint server` with `command` (a phaselint binary and its environment) in `dir`:
/// the child, with its stdin still in it, and every message it writes, as a thread reads them;
/// an `Err` when stdout held anything but a well-framed JSON-RPC message.
pub fn spawn(mut command: Command, dir: &Path) -> (Child, Receiver<Result<Value, String>>) {
    let mut child = command
        .arg("server")
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let stdout = child.stdout.take().expect("a stdout pipe");
    let (send, messages) = channel();
    std::thread::spawn(move || {
        let mut stdout = BufReader::new(stdout);
        loop {
            match read_frame(&mut stdout) {
                Ok(Some(message)) => {
                    if send.send(Ok(message)).is_err() {
                        return;
                    }
                }
                Ok(None) => return,
                Err(problem) => {
                    let _ = send.send(Err(problem));
                    return;
                }
            }
        }
    });
    (child, messages)
}

/// One framed message from the server's stdout; `None` at its end.
fn read_frame(input: &mut impl BufRead) -> Result<Option<Value>, String> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if input.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
            return match length {
                None => Ok(None),
                Some(_) => Err("the output ended inside a header".into()),
            };
        }
        let Some(line) = line.strip_suffix("\r\n") else {
            return Err(format!("a header line without CRLF: {line:?}"));
        };
        if line.is_empty() {
            break;
        }
        let (name, value) = line
            .split_once(": ")
            .ok_or(format!("not a header: {line:?}"))?;
        if name.eq_ignore_ascii_case("content-length") {
            length = Some(value.parse::<usize>().map_err(|e| e.to_string())?);
        }
    }
    let length = length.ok_or("no Content-Length")?;
    let mut body = vec![0; length];
    input.read_exact(&mut body).map_err(|e| e.to_string())?;
    let message: Value = serde_json::from_slice(&body).map_err(|e| e.to_string())?;
    if message["jsonrpc"] != "2.0" {
        return Err(format!("not JSON-RPC 2.0: {message}"));
    }
    Ok(Some(message))
}
