//! JSON card files, read in one pass with the pull parser:
//!
//! - MTGJSON per-set: `{"meta", "data": {"code", "cards": [card…], "tokens", …}}` (cards only);
//!   each face of a multi-face card is its own object (`name` `A // B`, `faceName` `A`) and so its
//!   own [`Card`] with one face;
//! - MTGJSON AllPrintings: `{"data": {"LEA": {set…}, …}}`;
//! - MTGJSON AtomicCards: `{"data": {"Card Name": [face, …]}}`: one card per name;
//! - Scryfall: a bulk array of card objects, one card object, or a `{"data": [card…]}` list;
//!   `card_faces` gives the faces when present;
//! - any array of card objects (an MTGJSON card list, a bot's or a team's own database), a list
//!   under a top-level `cards` key, or an object whose values are card objects (a bot's database
//!   keyed by card id or `"Card Name_SET"`).
//!
//! Besides MTGJSON's and Scryfall's keys, a card object's fields are found by their common
//! spellings and a config's own ([`super::FieldNames`]): `cardName`, `rulesText`, `typeLine`,
//! `manaCost`, and `cardName2`, `rulesText2` … for a second face.
//!
//! Under `data`, a key starting with a lower-case letter is a field of a set (`cards`, `code`,
//! `tokens`, `booster`, …); any other key is a set code (object value) or a card name (array value).
//!
//! A key repeated in a card or face object is read at its last value, as JavaScript and Python
//! read it. A card is read up to [`MAX_FACES`] faces, and reading stops after
//! [`bounds::MAX_ERRORS`] errors.
//!
//! A value of a type the reader does not read (an object where a string was expected, as an
//! XML-to-JSON converter writes `"set": {"#text": "CWD", "@@rarity": "common"}`) is never an
//! error: the card is read with what it has. A field phaselint does not check (the set, and any
//! key it does not know) is skipped whatever it holds; for a field it checks (name, text, type
//! line, mana cost, faces), the file gets one note for each key and type ([`Unusable`]), at the
//! first such value, with the number of cards. Only JSON that cannot be parsed is an error.

use crate::source::bounds::{self, MAX_FACES};
use crate::source::{Card, CardText, Face, Field, ReadOptions, SourceError, SourceNote};
use cursor::{Cursor, Key, Kind, Result};

pub(super) mod cursor;
mod found;
pub(super) mod lines;
#[cfg(test)]
mod testing;
#[cfg(test)]
mod tests;

pub(in crate::source) use found::Found;
#[cfg(test)]
use found::MAX_UNUSABLE;
use found::Wanted;
use std::borrow::Cow;
use std::ops::Range;

/// Read a JSON document; what it holds that phaselint cannot read goes in `notes`.
pub(in crate::source) fn read<'t>(
    text: &'t str,
    options: &ReadOptions,
    on_card: &mut dyn FnMut(Card<'t>),
    errors: &mut Vec<SourceError>,
    notes: &mut Vec<SourceNote>,
) {
    let mut cursor = Cursor::new(text, 0, text.len());
    if cursor.at_end() {
        return;
    }
    let mut reader = Reader {
        options,
        on_card,
        found: Found::new(errors),
        orders: KeyOrders::default(),
    };
    let result = reader.top(&mut cursor).and_then(|()| {
        if cursor.at_end() {
            Ok(())
        } else {
            cursor.error("unexpected characters after the json value")
        }
    });
    if let Err(e) = result
        && !e.stopped
    {
        let error = SourceError::at(text, e.pos, e.message);
        bounds::report(reader.found.errors, text, error);
    }
    reader.found.finish(notes);
}

/// Records `error`; when the file's errors are full, reading stops (the error that says so is
/// recorded instead).
fn report(cursor: &Cursor<'_>, errors: &mut Vec<SourceError>, error: SourceError) -> Result<()> {
    if bounds::report(errors, cursor.text(), error) {
        Ok(())
    } else {
        cursor.stopped()
    }
}

struct Reader<'r, 'f, 't> {
    options: &'r ReadOptions,
    on_card: &'f mut dyn FnMut(Card<'t>),
    found: Found<'r>,
    orders: KeyOrders,
}

impl<'t> Reader<'_, '_, 't> {
    fn top(&mut self, cursor: &mut Cursor<'t>) -> Result<()> {
        match cursor.kind()? {
            Kind::Array => self.card_list(cursor),
            Kind::Object => self.top_object(cursor),
            kind => cursor.error(format!(
                "expected a json object or an array of cards, not {}",
                kind.name()
            )),
        }
    }

    /// An array of card objects.
    fn card_list(&mut self, cursor: &mut Cursor<'t>) -> Result<()> {
        cursor.begin_array()?;
        let mut first = true;
        while cursor.next_element(&mut first)? {
            self.found.begin_card();
            if let Some(card) = self.card_or_skip(cursor)? {
                (self.on_card)(card);
            }
        }
        Ok(())
    }

    /// The card object at the cursor; `None` for an object with none of a card's fields (a
    /// file of such objects holds no card, and says so).
    fn card_or_skip(&mut self, cursor: &mut Cursor<'t>) -> Result<Option<Card<'t>>> {
        let kind = cursor.kind()?;
        if kind == Kind::Object {
            let start = cursor.pos;
            let orders = &mut self.orders;
            let fields = Fields::object(
                cursor,
                self.options,
                &mut self.found,
                &mut orders.cards,
                Some(&mut orders.faces),
            )?;
            return Ok(fields.any.then(|| fields.into_card(cursor.since(start))));
        }
        let start = cursor.pos;
        cursor.skip_value()?;
        let error = SourceError::new(
            cursor.since(start),
            format!("expected a card object, not {}", kind.name()),
        );
        report(cursor, self.found.errors, error)?;
        Ok(None)
    }

    /// The top object: an MTGJSON or Scryfall-list wrapper (with `data`) or one card.
    fn top_object(&mut self, cursor: &mut Cursor<'t>) -> Result<()> {
        let start = cursor.pos;
        cursor.begin_object()?;
        let mut fields = Fields::default();
        let mut wrapper = false;
        // The top object's own fields are one card's, whatever cards come between them.
        let top = self.found.begin_card();
        let mut first = true;
        while let Some(key) = cursor.next_key(&mut first)? {
            match (key.as_ref(), cursor.kind()?) {
                ("data", Kind::Object) => {
                    wrapper = true;
                    self.data_object(cursor, false)?;
                }
                ("data" | "cards", Kind::Array) => {
                    wrapper = true;
                    self.card_list(cursor)?;
                }
                ("data", _) => {
                    wrapper = true;
                    cursor.skip_value()?;
                }
                // A value that is an object, in an object that is no card so far: a card of a
                // database keyed by card (`{"Opt_XLN": {"cardName": "Opt", …}}`) when it has a
                // card's fields. A card's own nested objects (`image_uris`) come after its name.
                (_, Kind::Object) if !fields.any && !is_card_key(&key, self.options) => {
                    self.found.begin_card();
                    let card =
                        card_object(cursor, self.options, &mut self.found, &mut self.orders)?;
                    if card
                        .faces
                        .iter()
                        .any(|face| face.name.is_some() || face.text.is_some())
                    {
                        wrapper = true;
                        (self.on_card)(card);
                    }
                }
                _ => {
                    let wants = Wants::of(&key, self.options);
                    let faces = Some(&mut self.orders.faces);
                    self.found.unusable.card = top;
                    fields.read(wants, &key, cursor, self.options, &mut self.found, faces)?;
                }
            }
        }
        if !wrapper && fields.any {
            (self.on_card)(fields.into_card(cursor.since(start)));
        }
        Ok(())
    }

    /// `data` of MTGJSON: a set (per-set file; `nested` for a set of AllPrintings), or a map of
    /// sets (AllPrintings) or of card names (AtomicCards).
    fn data_object(&mut self, cursor: &mut Cursor<'t>, nested: bool) -> Result<()> {
        let mut set = SetCards::default();
        let result = self.data_entries(cursor, nested, &mut set);
        // Cards read before a syntax error are still cards.
        self.flush(&mut set);
        result
    }

    fn data_entries(
        &mut self,
        cursor: &mut Cursor<'t>,
        nested: bool,
        set: &mut SetCards<'t>,
    ) -> Result<()> {
        cursor.begin_object()?;
        let mut first = true;
        while let Some(key) = cursor.next_key(&mut first)? {
            let set_field = key.starts_with(|c: char| c.is_ascii_lowercase());
            match (key.as_ref(), cursor.kind()?) {
                ("cards", Kind::Array) => self.set_cards(cursor, set)?,
                ("code", Kind::String) => {
                    let code = cursor.string_unmapped()?;
                    set.code = Some(code);
                    self.flush(set);
                }
                (_, Kind::Object) if !nested && !set_field => self.data_object(cursor, true)?,
                (_, Kind::Array) if !nested && !set_field => self.atomic_card(cursor, key)?,
                _ => cursor.skip_value()?,
            }
        }
        Ok(())
    }

    /// The `cards` of a set. Cards without `setCode` wait for the set's `code`, which MTGJSON
    /// writes after `cards` (keys are sorted).
    fn set_cards(&mut self, cursor: &mut Cursor<'t>, set: &mut SetCards<'t>) -> Result<()> {
        cursor.begin_array()?;
        let mut first = true;
        while cursor.next_element(&mut first)? {
            self.found.begin_card();
            let Some(mut card) = self.card_or_skip(cursor)? else {
                continue;
            };
            if card.set.is_none() {
                card.set.clone_from(&set.code);
            }
            if card.set.is_none() || !set.pending.is_empty() {
                set.pending.push(card);
            } else {
                (self.on_card)(card);
            }
        }
        Ok(())
    }

    fn flush(&mut self, set: &mut SetCards<'t>) {
        for mut card in set.pending.drain(..) {
            if card.set.is_none() {
                card.set.clone_from(&set.code);
            }
            (self.on_card)(card);
        }
    }

    /// An AtomicCards entry: the faces of the card `name`.
    fn atomic_card(&mut self, cursor: &mut Cursor<'t>, name: Cow<'t, str>) -> Result<()> {
        let start = cursor.pos;
        cursor.begin_array()?;
        // Its face objects are one card.
        self.found.begin_card();
        let mut faces = Vec::new();
        let mut set = None;
        let mut past = None;
        let mut first = true;
        while cursor.next_element(&mut first)? {
            if passed_over(faces.len(), cursor, &mut past)? {
                continue;
            }
            cursor.skip_ws();
            let at = cursor.pos;
            let Some(card) = self.card_or_skip(cursor)? else {
                continue;
            };
            set = set.or(card.set);
            faces.extend(card.faces);
            if faces.len() > MAX_FACES {
                faces.truncate(MAX_FACES);
                past.get_or_insert(at);
            }
        }
        report_passed_over(cursor, self.found.errors, past)?;
        if faces.is_empty() {
            faces.push(Face::default());
        }
        (self.on_card)(Card {
            name: Some(name),
            set,
            span: cursor.since(start),
            faces,
            allows: Vec::new(),
            unread: Vec::new(),
        });
        Ok(())
    }
}

#[derive(Default)]
struct SetCards<'t> {
    code: Option<Cow<'t, str>>,
    pending: Vec<Card<'t>>,
}

/// Read one card object at the cursor (MTGJSON or Scryfall field names); `orders` are the keys of
/// the file's card objects read before it.
pub(in crate::source) fn card_object<'t>(
    cursor: &mut Cursor<'t>,
    options: &ReadOptions,
    found: &mut Found<'_>,
    orders: &mut KeyOrders,
) -> Result<Card<'t>> {
    let start = cursor.pos;
    let fields = Fields::object(
        cursor,
        options,
        found,
        &mut orders.cards,
        Some(&mut orders.faces),
    )?;
    Ok(fields.into_card(cursor.since(start)))
}

/// The keys of the last object read at one level (cards, or their faces), by place, with what
/// each wants. A file's card objects share their keys, mostly in one order: a key that is the one
/// read at its place last time is matched by comparing its bytes, not scanned and looked up again.
#[derive(Default)]
struct KeyOrder {
    keys: Vec<KnownKey>,
}

/// A key without escapes read at a place of an object.
struct KnownKey {
    /// Its bytes in the file from after its opening quote to its value (`name": `).
    head: Box<str>,
    /// The length of its text, at the start of `head`.
    len: usize,
    wants: Wants,
}

/// Keys past this place in an object are read and looked up each time: an object of a million
/// keys leaves 64 remembered.
const REMEMBERED_KEYS: usize = 64;

/// A longer head (a long key, or many blanks around its colon) is not remembered: card fields'
/// keys are short, and what a file's keys make the reader keep stays small.
const REMEMBERED_HEAD: usize = 64;

impl KeyOrder {
    /// The key at `place` was `key`, which had no escape, with the head `head`.
    fn remember(&mut self, place: usize, key: &str, head: &str, wants: Wants) {
        if head.len() > REMEMBERED_HEAD {
            return;
        }
        let known = KnownKey {
            head: head.into(),
            len: key.len(),
            wants,
        };
        if let Some(old) = self.keys.get_mut(place) {
            *old = known;
        } else if place == self.keys.len() && place < REMEMBERED_KEYS {
            self.keys.push(known);
        }
    }
}

/// The key orders of a file's card objects and of their faces (`card_faces`).
#[derive(Default)]
pub(in crate::source) struct KeyOrders {
    cards: KeyOrder,
    faces: KeyOrder,
}

/// What the value of a card or face object's key is read as. It depends on the key and the
/// options alone, so it is found once for a key at a place of a file's objects ([`KeyOrder`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wants {
    /// The text not checked (the printed one when Oracle text is checked, or the other way):
    /// skipped, but a card's field all the same.
    OtherText,
    /// `card_faces`: the faces of a card object; in a face object, as its name reads.
    Faces(Option<(Field, usize)>),
    Slot(Slot),
    /// `original_text_set`: the set, when no `set` came before it; else as its name reads.
    SetUnlessSet(Option<(Field, usize)>),
    /// The text checked.
    Text,
    /// A field by a common spelling or a config's name, and its face; or no field.
    Named(Option<(Field, usize)>),
}

/// The fields that MTGJSON's and Scryfall's keys name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    Name,
    CardName,
    FaceName,
    TypeLine,
    ManaCost,
    Set,
}

impl Wants {
    fn of(key: &str, options: &ReadOptions) -> Wants {
        let (text_key, other_text_key) = if options.original {
            (
                matches!(key, "originalText" | "original_text"),
                matches!(key, "text" | "oracle_text"),
            )
        } else {
            (
                matches!(key, "text" | "oracle_text"),
                matches!(key, "originalText" | "original_text"),
            )
        };
        if other_text_key {
            return Wants::OtherText;
        }
        if key == "card_faces" {
            return Wants::Faces(options.fields.lookup(key));
        }
        match key {
            "name" => Wants::Slot(Slot::Name),
            "card_name" => Wants::Slot(Slot::CardName),
            "faceName" => Wants::Slot(Slot::FaceName),
            "type" | "type_line" => Wants::Slot(Slot::TypeLine),
            "manaCost" | "mana_cost" => Wants::Slot(Slot::ManaCost),
            "setCode" | "set" => Wants::Slot(Slot::Set),
            // cards.jsonl names no set, only where the wording was first printed: enough to tell
            // the joke sets apart in `stats`.
            "original_text_set" => Wants::SetUnlessSet(options.fields.lookup(key)),
            _ if text_key => Wants::Text,
            _ => Wants::Named(options.fields.lookup(key)),
        }
    }
}

/// Whether `key` is a field a card object is read by (so its object value is no card of its own:
/// `"set": {"#text": "CWD"}` is a card's set, whose `#text` is no card text).
fn is_card_key(key: &str, options: &ReadOptions) -> bool {
    !matches!(Wants::of(key, options), Wants::Named(None))
}

/// The fields of a card or face object that a card is made of.
#[derive(Default)]
struct Fields<'t> {
    name: Option<Cow<'t, str>>,
    card_name: Option<Cow<'t, str>>,
    face_name: Option<Cow<'t, str>>,
    type_line: Option<Cow<'t, str>>,
    mana_cost: Option<Cow<'t, str>>,
    set: Option<Cow<'t, str>>,
    text: Option<CardText<'t>>,
    faces: Vec<Face<'t>>,
    /// The second face of a flat object (`cardName2`, `rulesText2`), when it has one.
    second: Option<Box<Fields<'t>>>,
    /// Any card field was present (an object with none is not a card, e.g. a bare `meta`).
    any: bool,
    /// The fields that MTGJSON's and Scryfall's own keys gave ([`Slot::bit`], [`TEXT_BIT`]): a
    /// common spelling does not replace them.
    keyed: u8,
}

/// The bit of [`Fields::keyed`] for the text.
const TEXT_BIT: u8 = 1 << 7;

impl Slot {
    /// Its bit of [`Fields::keyed`].
    const fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The field phaselint checks that it holds; `None` for the set, which only `stats` reads.
    const fn field(self) -> Option<Field> {
        match self {
            Slot::Name | Slot::CardName | Slot::FaceName => Some(Field::Name),
            Slot::TypeLine => Some(Field::TypeLine),
            Slot::ManaCost => Some(Field::ManaCost),
            Slot::Set => None,
        }
    }
}

/// The bit of [`Fields::keyed`] for a field read by a common spelling.
fn keyed_bit(field: Field) -> u8 {
    match field {
        Field::Name => Slot::Name.bit(),
        Field::TypeLine => Slot::TypeLine.bit(),
        Field::ManaCost => Slot::ManaCost.bit(),
        Field::Text => TEXT_BIT,
        Field::Faces => 0,
    }
}

impl<'t> Fields<'t> {
    /// The fields of the object at the cursor, whose keys are likely those of `order`; with
    /// `faces`, the order of its faces' keys, its `card_faces` are read (a card, not a face).
    fn object(
        cursor: &mut Cursor<'t>,
        options: &ReadOptions,
        found: &mut Found<'_>,
        order: &mut KeyOrder,
        mut faces: Option<&mut KeyOrder>,
    ) -> Result<Fields<'t>> {
        cursor.begin_object()?;
        let mut fields = Fields::default();
        let mut first = true;
        let mut place = 0;
        loop {
            let expected = order.keys.get(place).map(|known| &*known.head);
            let Some(key) = cursor.next_key_expecting(&mut first, expected)? else {
                break;
            };
            match key {
                Key::Expected => {
                    let known = &order.keys[place];
                    let key = &known.head[..known.len];
                    fields.read(
                        known.wants,
                        key,
                        cursor,
                        options,
                        found,
                        faces.as_deref_mut(),
                    )?;
                }
                Key::Read(key, head) => {
                    let wants = Wants::of(&key, options);
                    if let Some(head) = head {
                        order.remember(place, &key, head, wants);
                    }
                    fields.read(wants, &key, cursor, options, found, faces.as_deref_mut())?;
                }
            }
            place += 1;
        }
        Ok(fields)
    }

    /// Read the value of `key`, which `wants` it, or skip it.
    fn read(
        &mut self,
        wants: Wants,
        key: &str,
        cursor: &mut Cursor<'t>,
        options: &ReadOptions,
        found: &mut Found<'_>,
        faces: Option<&mut KeyOrder>,
    ) -> Result<()> {
        let (slot, keyed) = match wants {
            Wants::OtherText => {
                self.any = true;
                return cursor.skip_value();
            }
            Wants::Faces(named) => {
                let Some(order) = faces else {
                    return self.read_named(named, key, cursor, found);
                };
                self.any = true;
                return self.read_faces(cursor, options, found, order);
            }
            Wants::Text => {
                self.any = true;
                if let Some(s) = string_value(key, Some(Field::Text), cursor, found)? {
                    self.text = Some(CardText {
                        value: s.value,
                        map: s.map,
                    });
                    self.keyed |= TEXT_BIT;
                }
                return Ok(());
            }
            // The set, until a `set` key gives it (`original_text_set` again replaces it).
            Wants::SetUnlessSet(_) if self.keyed & Slot::Set.bit() == 0 => (Slot::Set, 0),
            Wants::SetUnlessSet(named) | Wants::Named(named) => {
                return self.read_named(named, key, cursor, found);
            }
            Wants::Slot(slot) => (slot, slot.bit()),
        };
        self.any = true;
        if let Some(value) = unmapped_string_value(key, slot.field(), cursor, found)? {
            *self.slot(slot) = Some(value);
            self.keyed |= keyed;
        }
        Ok(())
    }

    fn slot(&mut self, slot: Slot) -> &mut Option<Cow<'t, str>> {
        match slot {
            Slot::Name => &mut self.name,
            Slot::CardName => &mut self.card_name,
            Slot::FaceName => &mut self.face_name,
            Slot::TypeLine => &mut self.type_line,
            Slot::ManaCost => &mut self.mana_cost,
            Slot::Set => &mut self.set,
        }
    }

    /// The value of a field found by its common spelling or a config's name (`rulesText`,
    /// `cardName2`), when MTGJSON's and Scryfall's keys did not name it: `named`, the field and
    /// its face, or `None` (skipped). A field met again is read at its last value, as JavaScript
    /// and Python read a key repeated, unless MTGJSON's or Scryfall's own key gave it.
    fn read_named(
        &mut self,
        named: Option<(Field, usize)>,
        key: &str,
        cursor: &mut Cursor<'t>,
        found: &mut Found<'_>,
    ) -> Result<()> {
        let Some((field, face)) = named else {
            return cursor.skip_value();
        };
        let fields = if face == 0 {
            self
        } else {
            self.any = true;
            self.second.get_or_insert_with(Box::default)
        };
        fields.any = true;
        let keyed = fields.keyed & keyed_bit(field) != 0;
        // Only a text needs the map of its characters to the file.
        if field == Field::Text {
            if let Some(s) = string_value(key, Some(field), cursor, found)?
                && !keyed
            {
                fields.text = Some(CardText {
                    value: s.value,
                    map: s.map,
                });
            }
            return Ok(());
        }
        let Some(value) = unmapped_string_value(key, Some(field), cursor, found)? else {
            return Ok(());
        };
        let slot = match field {
            Field::Name => &mut fields.name,
            Field::TypeLine => &mut fields.type_line,
            Field::ManaCost => &mut fields.mana_cost,
            _ => return Ok(()),
        };
        if !keyed {
            *slot = Some(value);
        }
        Ok(())
    }

    /// `card_faces`: each face object, whose keys are likely those of `order`, up to
    /// [`MAX_FACES`]. A second `card_faces` replaces the first.
    fn read_faces(
        &mut self,
        cursor: &mut Cursor<'t>,
        options: &ReadOptions,
        found: &mut Found<'_>,
        order: &mut KeyOrder,
    ) -> Result<()> {
        let kind = cursor.kind()?;
        if kind != Kind::Array {
            let start = cursor.pos;
            cursor.skip_value()?;
            if kind != Kind::Null {
                let span = cursor.since(start);
                found
                    .unusable
                    .count("card_faces", Wanted::Faces, kind, span);
            }
            return Ok(());
        }
        cursor.begin_array()?;
        self.faces.clear();
        let mut past = None;
        let mut first = true;
        while cursor.next_element(&mut first)? {
            if passed_over(self.faces.len(), cursor, &mut past)? {
                continue;
            }
            let kind = cursor.kind()?;
            let start = cursor.pos;
            if kind != Kind::Object {
                cursor.skip_value()?;
                let span = cursor.since(start);
                found.unusable.count("card_faces", Wanted::Face, kind, span);
                continue;
            }
            let face = Fields::object(cursor, options, found, order, None)?;
            self.faces.push(face.into_face());
        }
        report_passed_over(cursor, found.errors, past)
    }

    fn into_face(self) -> Face<'t> {
        Face {
            name: self.face_name.or(self.name),
            type_line: self.type_line,
            mana_cost: self.mana_cost,
            text: self.text,
        }
    }

    fn into_card(mut self, span: Range<usize>) -> Card<'t> {
        let set = self.set.take();
        let mut faces = std::mem::take(&mut self.faces);
        let second = self.second.take();
        // A flat object with a second face names the card by both (`A // B`).
        let name = match &second {
            None => self.card_name.take().or_else(|| self.name.clone()),
            Some(_) => self.card_name.take(),
        };
        if faces.is_empty() {
            faces.push(self.into_face());
            faces.extend(second.map(|face| face.into_face()));
        }
        let name = name.or_else(|| {
            let names: Vec<&str> = faces.iter().filter_map(|f| f.name.as_deref()).collect();
            (!names.is_empty()).then(|| Cow::Owned(names.join(" // ")))
        });
        Card {
            name,
            set,
            span,
            faces,
            allows: Vec::new(),
            unread: Vec::new(),
        }
    }
}

/// A string value; null is absent; a value of another type is skipped (and counted, for a
/// `field` phaselint checks).
fn string_value<'t>(
    key: &str,
    field: Option<Field>,
    cursor: &mut Cursor<'t>,
    found: &mut Found<'_>,
) -> Result<Option<cursor::JsonString<'t>>> {
    value_of(key, field, cursor, found, Cursor::string)
}

/// [`string_value`] without the map of its characters to the file.
fn unmapped_string_value<'t>(
    key: &str,
    field: Option<Field>,
    cursor: &mut Cursor<'t>,
    found: &mut Found<'_>,
) -> Result<Option<Cow<'t, str>>> {
    value_of(key, field, cursor, found, Cursor::string_unmapped)
}

/// The string value of `key`, decoded by `decode`: `None` for null, and for a value of another
/// type, which is skipped: never an error. When `key` holds a `field` phaselint checks, the value
/// is counted in the file's note of [`Unusable`] values; else (the set) nothing is said of it.
fn value_of<'a, T>(
    key: &str,
    field: Option<Field>,
    cursor: &mut Cursor<'a>,
    found: &mut Found<'_>,
    decode: impl FnOnce(&mut Cursor<'a>) -> Result<T>,
) -> Result<Option<T>> {
    match cursor.kind()? {
        Kind::String => decode(cursor).map(Some),
        Kind::Null => cursor.skip_value().map(|()| None),
        kind => {
            let start = cursor.pos;
            cursor.skip_value()?;
            if let Some(field) = field {
                let span = cursor.since(start);
                found.unusable.count(key, Wanted::String(field), kind, span);
            }
            Ok(None)
        }
    }
}

/// Whether a card with `faces` faces has all it reads: the element at the cursor is then
/// skipped, and `past` keeps where the first so skipped starts.
fn passed_over(faces: usize, cursor: &mut Cursor<'_>, past: &mut Option<usize>) -> Result<bool> {
    if faces < MAX_FACES {
        return Ok(false);
    }
    cursor.skip_ws();
    past.get_or_insert(cursor.pos);
    cursor.skip_value().map(|()| true)
}

/// The error at the first face past [`MAX_FACES`] of a card, if it has one.
fn report_passed_over(
    cursor: &Cursor<'_>,
    errors: &mut Vec<SourceError>,
    past: Option<usize>,
) -> Result<()> {
    match past {
        Some(at) => report(cursor, errors, bounds::too_many_faces(at..at + 1)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests_field_types;
