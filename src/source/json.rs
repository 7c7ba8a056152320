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

use super::bounds::{self, MAX_FACES};
use super::json_cursor::{Cursor, Key, Kind, Result};
use super::{Card, CardText, Face, Field, NoteKind, ReadOptions, SourceError, SourceNote};
use std::borrow::Cow;
use std::ops::Range;

/// Read a JSON document; what it holds that phaselint cannot read goes in `notes`.
pub(super) fn read<'t>(
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
pub(super) fn card_object<'t>(
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
pub(super) struct KeyOrders {
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
) -> Result<Option<super::json_cursor::JsonString<'t>>> {
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

/// What reading card objects finds besides cards: the file's errors, and the values of the
/// fields phaselint checks that it cannot read.
pub(super) struct Found<'e> {
    pub(super) errors: &'e mut Vec<SourceError>,
    unusable: Unusable,
}

impl<'e> Found<'e> {
    pub(super) fn new(errors: &'e mut Vec<SourceError>) -> Found<'e> {
        Found {
            errors,
            unusable: Unusable::default(),
        }
    }

    /// A card object starts (or the face objects of one card): what is unusable from now on is
    /// counted for it. Returns its number.
    pub(super) fn begin_card(&mut self) -> usize {
        self.unusable.card += 1;
        self.unusable.card
    }

    /// The notes of the unusable values: one for each key and type, in the order first met.
    pub(super) fn finish(self, notes: &mut Vec<SourceNote>) {
        notes.extend(self.unusable.values.iter().map(UnusableValues::note));
    }
}

/// The values of card fields phaselint checks whose type it does not read (an object where a
/// string was expected), counted by key and type: a file of a million such cards costs an entry
/// for each key and type, never one for each card, and gets one note for each.
#[derive(Default)]
struct Unusable {
    /// In the order first met, at most [`MAX_UNUSABLE`].
    values: Vec<UnusableValues>,
    /// The number of the card being read ([`Found::begin_card`]).
    card: usize,
}

/// The keys and types noted in one file: the values of more are skipped without a note. A file's
/// card fields are a handful of keys, and a value of a few types.
const MAX_UNUSABLE: usize = 16;

/// A key (as written, up to [`SHOWN_KEY`] bytes) longer than this is shown cut.
const SHOWN_KEY: usize = 64;

/// What the reader reads at a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wanted {
    /// A string, for the field.
    String(Field),
    /// `card_faces`: an array.
    Faces,
    /// An element of `card_faces`: a face object.
    Face,
}

/// The values of one key and one type that phaselint does not read.
struct UnusableValues {
    /// The key, cut to [`SHOWN_KEY`] bytes.
    key: Box<str>,
    cut: bool,
    wanted: Wanted,
    kind: Kind,
    /// The first such value.
    span: Range<usize>,
    /// How many cards hold one.
    cards: usize,
    /// The number of the last card counted.
    last_card: usize,
}

impl Unusable {
    /// A value of `key` of the type `kind`, at `span`, where the reader wanted what `wanted` says.
    fn count(&mut self, key: &str, wanted: Wanted, kind: Kind, span: Range<usize>) {
        let (shown, cut) = if key.len() > SHOWN_KEY {
            let mut end = SHOWN_KEY;
            while !key.is_char_boundary(end) {
                end -= 1;
            }
            (&key[..end], true)
        } else {
            (key, false)
        };
        let card = self.card;
        let same = |values: &&mut UnusableValues| {
            values.wanted == wanted && values.kind == kind && *values.key == *shown
        };
        if let Some(values) = self.values.iter_mut().find(same) {
            if values.last_card != card {
                values.cards += 1;
                values.last_card = card;
            }
        } else if self.values.len() < MAX_UNUSABLE {
            self.values.push(UnusableValues {
                key: shown.into(),
                cut,
                wanted,
                kind,
                span,
                cards: 1,
                last_card: card,
            });
        }
    }
}

impl UnusableValues {
    fn note(&self) -> SourceNote {
        let key = format!("`{}{}`", self.key, if self.cut { "…" } else { "" });
        let kind = self.kind.name();
        let (cards, those, its, faces) = match self.cards {
            1 => ("1 card".to_string(), "that card", "its", "that face"),
            n => (
                format!("{n} cards (the first here)"),
                "those cards",
                "their",
                "those faces",
            ),
        };
        let (message, help) = match self.wanted {
            Wanted::String(field) => {
                let noun = field.noun();
                let own = match fields_key(field) {
                    Some(name) => format!(
                        ", or name a key that holds it as one in phaselint.toml (`[fields] {name} = [\"...\"]`)"
                    ),
                    None => String::new(),
                };
                (
                    format!(
                        "{key} is {kind}, not a string, in {cards}: phaselint reads {those} without {noun}"
                    ),
                    format!(
                        "phaselint reads {noun} from a string (or null for none): write {key} as a string{own}"
                    ),
                )
            }
            Wanted::Faces => (
                format!(
                    "{key} is {kind}, not an array, in {cards}: phaselint reads {those} as one face, from {its} own fields"
                ),
                "phaselint reads `card_faces` as an array of face objects, as Scryfall writes it"
                    .to_string(),
            ),
            Wanted::Face => (
                format!(
                    "a face in {key} is {kind}, not an object, in {cards}: phaselint reads {those} without {faces}"
                ),
                "each face in `card_faces` is an object of its own fields (`name`, `oracle_text`, `type_line`, `mana_cost`), as Scryfall writes it"
                    .to_string(),
            ),
        };
        SourceNote {
            kind: NoteKind::UnusableField,
            span: self.span.clone(),
            message,
            help: Some(help),
        }
    }
}

/// The key of `[fields]` in phaselint.toml that names more keys for `field`.
fn fields_key(field: Field) -> Option<&'static str> {
    match field {
        Field::Name => Some("name"),
        Field::Text => Some("text"),
        Field::TypeLine => Some("type"),
        Field::ManaCost => Some("mana-cost"),
        Field::Faces => None,
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
/// Card objects whose keys differ from those of the objects before them in every way a key
/// order can: another order, fewer or more keys, a key a prefix of the one remembered or the
/// other way ("nam", "name", "names"), an escaped key where the plain one was, a repeated
/// key, a value of the wrong kind, `original_text_set` before and after `set`, a second face
/// by its key, faces with their own orders, objects that are no card, tabs around a colon and a
/// head too long to remember. For the tests of the key orders here and in JSON Lines.
pub(super) const VARIED_OBJECTS: [&str; 11] = [
    r#"{"name": "A", "oracle_text": "until end of turn", "type_line": "Instant", "set": "abc"}"#,
    r#"{"type_line": "Creature", "name": "B", "original_text": "old", "oracle_text": "new"}"#,
    r#"{"name": "C", "name2": "D", "rulesText2": "x", "mana_cost": "{1}"}"#,
    r#"{"n\u0061me": "E", "oracle_text": "y\nz", "type_line": 7}"#,
    r#"{"name": 5, "type": null, "name": "F", "oracle_text": "q"}"#,
    r#"{"name": "G", "card_faces": [{"name": "G1", "oracle_text": "a", "mana_cost": "{1}"}, {"mana_cost": "{2}", "name": "G2", "oracle_text": "b"}, 3]}"#,
    r#"{"original_text_set": "LEA", "set": "x", "name": "H"}"#,
    r#"{"set": "y", "original_text_set": "LEB", "name": "I", "card_faces": [{"oracle_text": "c", "name": "I1"}]}"#,
    r#"{"nam": "J", "names": "K", "rulesText": "z", "text": "t"}"#,
    r#"{"meta": 1}"#,
    "{\"name\"\t :\t\"L\", \"a_key_of_no_field_long_enough_to_make_a_head_of_more_than_64_bytes\": \"v\", \"text\" :\"w\"}",
];

/// A card whose text is of the wrong type: no error, and the file's one note counts it.
#[cfg(test)]
pub(super) const WRONG_TYPE: &str = r#"{"name": "A", "text": 1}"#;

/// Asserts that `read` reads `text`, a file of cards each after a `1` that is no card, up to the
/// shared bound on errors and stops with one error that says so, at the `1` after the last card
/// read.
#[cfg(test)]
pub(super) fn assert_stops_at_the_bound(read: ReadFn, text: &str) {
    use super::bounds::MAX_ERRORS;
    let (cards, errors) = read_with(read, text, false);
    assert_eq!(errors.len(), MAX_ERRORS + 1);
    let stop = &errors[MAX_ERRORS];
    assert!(stop.message.starts_with("too many errors"), "{stop:?}");
    assert_eq!(cards.len(), MAX_ERRORS);
    assert_eq!(&text[stop.span.clone()], "1");
    assert!(stop.span.start > cards[MAX_ERRORS - 1].span.end);
}

/// The JSON and the JSON Lines readers.
#[cfg(test)]
pub(super) type ReadFn = for<'t> fn(
    &'t str,
    &ReadOptions,
    &mut dyn FnMut(Card<'t>),
    &mut Vec<SourceError>,
    &mut Vec<SourceNote>,
);

/// The cards and errors that `read` gives for `text`, with the Oracle or the printed
/// (`original`) text.
#[cfg(test)]
pub(super) fn read_with(
    read: ReadFn,
    text: &str,
    original: bool,
) -> (Vec<Card<'_>>, Vec<SourceError>) {
    let (cards, errors, _) = read_noting(read, text, original);
    (cards, errors)
}

/// [`read_with`], with the notes.
#[cfg(test)]
pub(super) fn read_noting(
    read: ReadFn,
    text: &str,
    original: bool,
) -> (Vec<Card<'_>>, Vec<SourceError>, Vec<SourceNote>) {
    let mut cards = Vec::new();
    let mut errors = Vec::new();
    let mut notes = Vec::new();
    let options = ReadOptions {
        original,
        ..ReadOptions::default()
    };
    read(
        text,
        &options,
        &mut |card| cards.push(card),
        &mut errors,
        &mut notes,
    );
    (cards, errors, notes)
}

/// Asserts that `read` reads the last of every three of `VARIED_OBJECTS`, laid out in a file by
/// `layout`, as it reads that object alone at the same place (the bytes before it blanked out,
/// but for the file's first `opening`), with the Oracle and with the printed text: the keys
/// remembered from the objects before change nothing.
#[cfg(test)]
pub(super) fn assert_each_reads_as_alone(
    read: ReadFn,
    layout: fn(&str, &str, &str) -> String,
    opening: usize,
) {
    for original in [false, true] {
        for a in VARIED_OBJECTS {
            for b in VARIED_OBJECTS {
                for c in VARIED_OBJECTS {
                    let file = layout(a, b, c);
                    let start = file.rfind(c).expect("the last object is in the file");
                    let blanks = " ".repeat(start - opening);
                    let alone = format!("{}{blanks}{}", &file[..opening], &file[start..]);
                    let (mut cards, mut errors) = read_with(read, &file, original);
                    cards.retain(|card| card.span.start >= start);
                    errors.retain(|error| error.span.start >= start);
                    assert_eq!((cards, errors), read_with(read, &alone, original), "{file}");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_str(text: &str, original: bool) -> (Vec<Card<'_>>, Vec<SourceError>) {
        read_with(read, text, original)
    }

    fn names<'a>(cards: &'a [Card<'_>]) -> Vec<&'a str> {
        cards.iter().filter_map(|c| c.name.as_deref()).collect()
    }

    /// A card's words without escapes are the file's own bytes, not copies of them; escaped
    /// ones are decoded copies.
    #[test]
    fn words_without_escapes_are_the_files_own() {
        let text = r#"[{"name": "Fire", "type_line": "Instant", "mana_cost": "{R}", "set": "abc", "oracle_text": "Draw a card."},
            {"name": "Ic\u0065", "oracle_text": "Tap it.\nDraw."}]"#;
        let (cards, errors) = read_str(text, false);
        assert!(errors.is_empty(), "{errors:?}");
        let fire = &cards[0].faces[0];
        for word in [
            &cards[0].name,
            &cards[0].set,
            &fire.name,
            &fire.type_line,
            &fire.mana_cost,
        ] {
            assert!(matches!(word, Some(Cow::Borrowed(_))), "{word:?}");
        }
        assert!(matches!(
            fire.text.as_ref().unwrap().value,
            Cow::Borrowed("Draw a card.")
        ));
        let ice = &cards[1].faces[0];
        assert!(matches!(&ice.name, Some(Cow::Owned(name)) if name == "Ice"));
        let text = &ice.text.as_ref().unwrap().value;
        assert!(matches!(text, Cow::Owned(text) if text == "Tap it.\nDraw."));
        for card in &cards {
            assert_eq!(&card.clone().into_owned(), card);
        }
    }

    /// The last object of each sequence of three in an array reads as it reads alone.
    #[test]
    fn an_object_reads_alike_whatever_the_keys_of_the_objects_before_it() {
        assert_each_reads_as_alone(read, |a, b, c| format!("[{a},{b},{c}]"), 1);
    }

    #[test]
    fn mtgjson_set() {
        let text = r#"{"meta": {"version": "5.2.0"}, "data": {"booster": {"x": {"cards": {"u": 1}}},
            "cards": [
              {"name": "A", "text": "Oracle.", "originalText": "Printed.", "type": "Instant", "manaCost": "{R}"},
              {"name": "B // C", "faceName": "B", "side": "a", "text": "b", "setCode": "SET"},
              {"name": "B // C", "faceName": "C", "side": "b"}
            ],
            "code": "SET", "tokens": [{"name": "Token", "text": "t"}], "name": "A Set"}}"#;
        let (cards, errors) = read_str(text, false);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(names(&cards), ["A", "B // C", "B // C"]);
        assert!(cards.iter().all(|c| c.set.as_deref() == Some("SET")));
        let a = &cards[0].faces[0];
        assert_eq!(a.name.as_deref(), Some("A"));
        assert_eq!(a.text.as_ref().unwrap().value, "Oracle.");
        assert_eq!(a.type_line.as_deref(), Some("Instant"));
        assert_eq!(a.mana_cost.as_deref(), Some("{R}"));
        assert_eq!(cards[1].faces[0].name.as_deref(), Some("B"));
        assert_eq!(cards[2].faces[0].name.as_deref(), Some("C"));
        assert!(cards[2].faces[0].text.is_none());
        assert!(text[cards[0].span.clone()].starts_with("{\"name\": \"A\""));
        assert!(text[cards[0].span.clone()].ends_with("\"{R}\"}"));
        let (cards, _) = read_str(text, true);
        assert_eq!(cards[0].faces[0].text.as_ref().unwrap().value, "Printed.");
        assert!(cards[1].faces[0].text.is_none());
    }

    #[test]
    fn all_printings_and_atomic() {
        let text = r#"{"meta": {}, "data": {"LEA": {"cards": [{"name": "A"}], "code": "LEA"},
            "ICE": {"code": "ICE", "cards": [{"name": "B"}, {"name": "C"}]}}}"#;
        let (cards, errors) = read_str(text, false);
        assert!(errors.is_empty());
        assert_eq!(names(&cards), ["A", "B", "C"]);
        assert_eq!(cards[0].set.as_deref(), Some("LEA"));
        assert_eq!(cards[2].set.as_deref(), Some("ICE"));
        let text = r#"{"meta": {}, "data": {"Fire // Ice": [{"name": "Fire // Ice", "faceName": "Fire", "text": "f"}, {"name": "Fire // Ice", "faceName": "Ice", "text": "i"}], "Opt": [{"name": "Opt", "text": "Scry 1."}]}}"#;
        let (cards, _) = read_str(text, false);
        assert_eq!(names(&cards), ["Fire // Ice", "Opt"]);
        let faces: Vec<_> = cards[0].faces.iter().map(|f| f.name.as_deref()).collect();
        assert_eq!(faces, [Some("Fire"), Some("Ice")]);
    }

    #[test]
    fn scryfall() {
        let text = r#"[{"object": "card", "name": "Fire // Ice", "set": "mh2", "card_faces": [
            {"name": "Fire", "oracle_text": "F", "type_line": "Instant", "mana_cost": "{1}{R}"},
            {"name": "Ice", "oracle_text": "I"}]},
            {"name": "Opt", "oracle_text": "Scry 1.\nDraw a card.", "type_line": "Instant"}]"#;
        let (cards, errors) = read_str(text, false);
        assert!(errors.is_empty());
        assert_eq!(names(&cards), ["Fire // Ice", "Opt"]);
        assert_eq!(cards[0].set.as_deref(), Some("mh2"));
        assert_eq!(cards[0].faces.len(), 2);
        assert_eq!(cards[0].faces[0].mana_cost.as_deref(), Some("{1}{R}"));
        let (cards, _) = read_str(r#"{"name": "Opt", "oracle_text": "x"}"#, false);
        assert_eq!(names(&cards), ["Opt"]);
        let (cards, _) = read_str(r#"{"object": "list", "data": [{"name": "Opt"}]}"#, false);
        assert_eq!(names(&cards), ["Opt"]);
    }

    /// Issue 20 §1: any JSON of card objects, by the common spellings of its fields.
    #[test]
    fn databases_of_other_shapes() {
        // A bot's database keyed by card, with a double-faced card.
        let text = r#"{"Opt_XLN": {"cardName": "Opt", "manaCost": "{U}", "typeLine": "Instant",
              "rulesText": "Scry 1.\nDraw a card.\n", "flavorText": "x", "setID": "XLN"},
            "Day_DFC": {"cardName": "Day", "rulesText": "At the beginning of your upkeep, draw.",
              "cardName2": "Night", "typeLine2": "Creature", "rulesText2": "Haste"}}"#;
        let (cards, errors) = read_str(text, false);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(names(&cards), ["Opt", "Day // Night"]);
        let opt = &cards[0].faces[0];
        assert_eq!(opt.text.as_ref().unwrap().value, "Scry 1.\nDraw a card.\n");
        assert_eq!(opt.type_line.as_deref(), Some("Instant"));
        assert_eq!(opt.mana_cost.as_deref(), Some("{U}"));
        let faces: Vec<_> = cards[1].faces.iter().map(|f| f.name.as_deref()).collect();
        assert_eq!(faces, [Some("Day"), Some("Night")]);
        assert_eq!(cards[1].faces[1].text.as_ref().unwrap().value, "Haste");
        // The text maps back to the file.
        let map = &opt.text.as_ref().unwrap().map;
        assert_eq!(map.to_file(0..5).map(|r| &text[r]), Some("Scry "));
        // A list under `cards`, and an array, in other spellings.
        let (cards, _) = read_str(
            r#"{"set": "X", "cards": [{"Card Name": "A", "Rules Text": "t"}]}"#,
            false,
        );
        assert_eq!(names(&cards), ["A"]);
        assert_eq!(cards[0].faces[0].text.as_ref().unwrap().value, "t");
        let (cards, _) = read_str(
            r#"[{"title": "B", "rules_text": "u", "cost": "{1}"}]"#,
            false,
        );
        assert_eq!(cards[0].faces[0].mana_cost.as_deref(), Some("{1}"));
        // An object of other objects, none a card: nothing.
        let (cards, errors) = read_str(r#"{"settings": {"theme": "dark"}, "version": 3}"#, false);
        assert!(cards.is_empty() && errors.is_empty());
        // A config's own names.
        let mut options = ReadOptions::default();
        options.fields.add(Field::Text, "Effekt");
        options.fields.add(Field::Name, "Karte");
        let mut cards = Vec::new();
        read(
            r#"[{"Karte": "C", "Effekt": "Bis zum Ende des Zuges."}]"#,
            &options,
            &mut |c| cards.push(c),
            &mut Vec::new(),
            &mut Vec::new(),
        );
        assert_eq!(names(&cards), ["C"]);
        assert!(cards[0].faces[0].text.is_some());
    }

    /// Issue 38 §16: a key repeated in a card object is read at its last value, as JavaScript
    /// and Python read it, and the text's map is the last one's bytes.
    #[test]
    fn a_repeated_key_is_read_at_its_last_value() {
        let text = r#"[{"cardName": "A", "rulesText": "Draw a card.", "typeLine": "Instant",
            "rulesText": "Scry 1.", "cardName": "B", "typeLine": "Sorcery",
            "rulesText2": "x", "rulesText2": "y"}]"#;
        let (cards, errors) = read_str(text, false);
        assert!(errors.is_empty(), "{errors:?}");
        let face = &cards[0].faces[0];
        assert_eq!(face.name.as_deref(), Some("B"));
        assert_eq!(face.type_line.as_deref(), Some("Sorcery"));
        let last = face.text.as_ref().unwrap();
        assert_eq!(last.value, "Scry 1.");
        let at = text.find("Scry").unwrap();
        assert_eq!(last.map.to_file(0..4), Some(at..at + 4));
        assert_eq!(last.map.raw(), at - 1..at + "Scry 1.\"".len());
        let back = &cards[0].faces[1];
        assert_eq!(back.text.as_ref().unwrap().value, "y");
        // MTGJSON's and Scryfall's own keys stay before a common spelling, wherever it is.
        for text in [
            r#"{"oracle_text": "a", "rulesText": "b", "Name": "N", "name": "M", "Name": "O"}"#,
            r#"{"rulesText": "b", "oracle_text": "a", "name": "M", "Name": "N"}"#,
        ] {
            let (cards, _) = read_str(text, false);
            let face = &cards[0].faces[0];
            assert_eq!(face.text.as_ref().unwrap().value, "a", "{text}");
            assert_eq!(face.name.as_deref(), Some("M"), "{text}");
        }
        // Repeated faces and sets.
        let text = r#"{"name": "F", "card_faces": [{"name": "F1"}, {"name": "F2"}],
            "card_faces": [{"name": "G1"}], "original_text_set": "A", "original_text_set": "B"}"#;
        let (cards, _) = read_str(text, false);
        let faces: Vec<_> = cards[0].faces.iter().map(|f| f.name.as_deref()).collect();
        assert_eq!(faces, [Some("G1")]);
        assert_eq!(cards[0].set.as_deref(), Some("B"));
    }

    /// Issue 38 §17f: a file of cards each with a field of the wrong type stops at the shared
    /// bound, with one error that says so.
    #[test]
    fn errors_stop_at_the_bound() {
        let pairs = vec![r#"1, {"name": "A"}"#; 3 * bounds::MAX_ERRORS];
        assert_stops_at_the_bound(read, &format!("[{}]", pairs.join(",")));
    }

    /// A card of more faces than the bound: one error at the first face past it, and no face
    /// read after it.
    #[test]
    fn faces_past_the_bound_are_not_read() {
        use crate::source::bounds::MAX_FACES;
        let faces = vec![r#"{"oracle_text": "t"}"#; MAX_FACES + 5].join(", ");
        let text = format!(r#"{{"name": "A", "card_faces": [{faces}]}}"#);
        let atomic = format!(r#"{{"data": {{"A": [{faces}]}}}}"#);
        for text in [text, atomic] {
            let (cards, errors) = read_str(&text, false);
            assert_eq!(cards.len(), 1, "{text}");
            assert_eq!(cards[0].faces.len(), MAX_FACES);
            assert_eq!(errors.len(), 1, "{errors:?}");
            let past = text
                .match_indices("{\"oracle")
                .nth(MAX_FACES)
                .map(|(at, _)| at)
                .unwrap();
            assert_eq!(errors[0].span, past..past + 1);
            assert!(
                errors[0]
                    .message
                    .starts_with("more than 16 faces in one card")
            );
        }
        // An AtomicCards face of two faces that cross the bound: the first is read.
        let faces = vec![r#"{"text": "t"}"#; MAX_FACES - 1].join(",");
        let text = format!(r#"{{"data": {{"A": [{faces}, {{"name": "B", "name2": "C"}}]}}}}"#);
        let (cards, errors) = read_str(&text, false);
        let last = cards[0].faces.last().and_then(|face| face.name.as_deref());
        assert_eq!((cards[0].faces.len(), last), (MAX_FACES, Some("B")));
        let at = text.find(r#"{"name""#).unwrap();
        assert_eq!(errors[0].span, at..at + 1);
    }

    #[test]
    fn errors() {
        // A text of the wrong type is no error (issue 39); an element that is no card object is.
        let (cards, errors) = read_str(r#"[{"name": "A", "text": 3}, 4, {"name": "B"}]"#, false);
        assert_eq!(names(&cards), ["A", "B"]);
        let messages: Vec<_> = errors.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(
            messages,
            ["expected a card object, not a number or boolean"]
        );
        assert_eq!(errors[0].span, 27..28);
        let text = r#"[{"name": "A"}, {"name": "B" "text": "x"}]"#;
        let (cards, errors) = read_str(text, false);
        assert_eq!(names(&cards), ["A"]);
        assert_eq!(errors[0].span.start, text.find(" \"text").unwrap() + 1);
        assert_eq!(errors[0].message, "expected `,` or `}` in json object");
        let (_, errors) = read_str("[] x", false);
        assert_eq!(errors[0].span, 3..4);
        let (cards, errors) = read_str(" \n ", false);
        assert!(cards.is_empty() && errors.is_empty());
        let (_, errors) = read_str(&"[".repeat(100_000), false);
        assert_eq!(errors.len(), 1);
    }
}

#[cfg(test)]
#[path = "tests_json.rs"]
mod tests_field_types;
