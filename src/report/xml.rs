//! What the XML formats (junit, checkstyle) share: their documents' declaration and text made safe
//! for them: what XML 1.0 cannot hold at all (C0 controls, even as character references, and the
//! noncharacters U+FFFE and U+FFFF) shown visibly, then the five markup characters escaped, quotes
//! included so that a value may sit in an attribute.

use super::visible::{visible, visible_lines};

/// An attribute's value: one line, every control character shown visibly.
pub(super) fn attribute(text: &str) -> String {
    quick_xml::escape::escape(visible(text)).into_owned()
}

/// An element's text: its line breaks and tabs kept.
pub(super) fn text(text: &str) -> String {
    quick_xml::escape::escape(visible_lines(text)).into_owned()
}

/// What `write` writes into a new document: writing into a String cannot fail.
pub(super) fn written(write: impl FnOnce(&mut String) -> std::fmt::Result) -> String {
    let mut out = String::new();
    let _ = write(&mut out);
    out
}

/// The first line of every document.
pub(super) const DECLARATION: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_and_controls_are_escaped() {
        assert_eq!(
            attribute("a < b & \"c\" 'd' >\n\u{1b}"),
            "a &lt; b &amp; &quot;c&quot; &apos;d&apos; &gt;␊␛"
        );
        assert_eq!(text("x<y\n\ty\u{0}"), "x&lt;y\n\ty␀");
        assert_eq!(text("x\u{fffe}\u{ffff}"), "x\\u{fffe}\\u{ffff}");
    }
}
