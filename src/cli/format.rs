//! `--format`: the library's [`Format`] offered to clap with each format's help.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use phaselint::report::Format;

/// The parser of `--format` values.
pub struct FormatArg;

impl FormatArg {
    pub fn parser() -> impl TypedValueParser<Value = Format> {
        let values = Format::ALL.map(|format| {
            PossibleValue::new(format.name())
                .aliases(format.aliases().iter().copied())
                .help(format.about())
        });
        // PossibleValuesParser has already refused any other name.
        PossibleValuesParser::new(values).try_map(|name| name.parse::<Format>())
    }
}
