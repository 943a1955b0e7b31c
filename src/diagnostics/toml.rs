//! Reading a TOML file a user wrote into serde structs, with every problem
//! located and all of them reported together.
//!
//! A file's format is a `#[derive(Deserialize, Default)]` struct with
//! `#[serde(default)]` whose fields are [`Field`]s: adding a key to a format
//! is adding a field. The reader here is a serde `Deserializer` over toml's
//! spanned tree, so that
//!
//! - every [`Field`] knows where its key and value are (for checks made after
//!   reading, which report at the value);
//! - a key the struct does not have is reported at the key, with a "did you
//!   mean" taken from the struct's own field names (serde hands them over),
//!   and reading goes on;
//! - a value of the wrong type, an unknown choice of an enum, a non-finite
//!   or too large number is reported at the value and that one field is
//!   [`Field::Refused`]; reading goes on.
//!
//! toml's own `deny_unknown_fields` and type errors stop at the first
//! problem; a person fixing a file wants them all at once.

use std::cell::RefCell;
use std::fmt;
use std::marker::PhantomData;
use std::ops::Range;

use serde::de::value::{StrDeserializer, UsizeDeserializer};
use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess,
    Visitor,
};
use serde::{Deserialize, forward_to_deserialize_any};
use toml::Spanned;
use toml::de::{DeString, DeTable, DeValue};

use super::{Diagnostic, Failure, SourceFile, did_you_mean, suggestion};

/// A value with the place of its key and of the value itself (byte ranges
/// of the file's text).
#[derive(Clone, Debug, PartialEq)]
pub struct At<T> {
    pub key: Range<usize>,
    pub span: Range<usize>,
    pub value: T,
}

/// One key of a file as read.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Field<T> {
    /// The file does not have the key.
    #[default]
    Absent,
    /// The key's value was wrong; the problem has been reported.
    Refused,
    Given(At<T>),
}

impl<T> Field<T> {
    pub fn given(&self) -> Option<&At<T>> {
        match self {
            Field::Given(at) => Some(at),
            _ => None,
        }
    }
    pub fn value(&self) -> Option<&T> {
        self.given().map(|a| &a.value)
    }
    pub fn is_absent(&self) -> bool {
        matches!(self, Field::Absent)
    }
}

/// A value written either as text or as a table of `T`, such as a noun:
/// `king = "jarl"` or `king = { one = "Queen Maud", proper = true }`.
#[derive(Clone, Debug, PartialEq)]
pub enum StringOr<T> {
    String(String),
    Table(T),
}

/// The struct name through which [`StringOr`] asks for text or a table.
const STRING_OR: &str = "$taflkit::diagnostics::toml::StringOr";

impl<'de, T: Deserialize<'de>> Deserialize<'de> for StringOr<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_struct(STRING_OR, &[], StringOrVisitor(PhantomData))
    }
}

struct StringOrVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for StringOrVisitor<T> {
    type Value = StringOr<T>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("text in quotes or a table")
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<StringOr<T>, E> {
        Ok(StringOr::String(s.to_string()))
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<StringOr<T>, D::Error> {
        T::deserialize(d).map(StringOr::Table)
    }
}

/// The error for a key a table does not have, with the likely one or the
/// list. `section` is the table's dotted path (`""` at the top).
pub fn unknown_key(
    file: SourceFile<'_>,
    offset: usize,
    section: &str,
    key: &str,
    known: &[&str],
) -> Diagnostic {
    let full = |k: &str| {
        if section.is_empty() {
            format!("'{k}'")
        } else {
            format!("'{section}.{k}'")
        }
    };
    file.error(offset, format!("unknown key {}", full(key)))
        .with_hint(suggestion(key, known, full))
}

/// The keys of a format struct as serde knows them (its field names, after
/// renames), for documentation and tests.
pub fn keys_of<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    /// A deserializer that only asks the struct for its field names.
    struct Probe;
    impl<'de> Deserializer<'de> for Probe {
        type Error = Error;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Error> {
            Err(Error::new(String::new()))
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Error> {
            Err(Error {
                fields,
                ..Error::new(String::new())
            })
        }
        forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
            bytes byte_buf option unit unit_struct newtype_struct seq tuple
            tuple_struct map enum identifier ignored_any
        }
    }
    match T::deserialize(Probe) {
        Err(e) => e.fields,
        Ok(_) => &[],
    }
}

/// The struct name through which [`Field`] asks this reader for positions.
const FIELD: &str = "$taflkit::diagnostics::toml::Field";
const FIELD_KEYS: &[&str] = &["key_start", "key_end", "start", "end", "value"];

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Field<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_struct(FIELD, FIELD_KEYS, FieldVisitor(PhantomData))
    }
}

struct FieldVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for FieldVisitor<T> {
    type Value = Field<T>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a value read by taflkit's TOML reader")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Field<T>, A::Error> {
        let mut n = [0usize; 4];
        for slot in &mut n {
            map.next_key::<de::IgnoredAny>()?;
            *slot = map.next_value()?;
        }
        map.next_key::<de::IgnoredAny>()?;
        // The reader has reported a refused value where it found it; the
        // rest of the file is still read.
        Ok(match map.next_value::<T>() {
            Ok(value) => Field::Given(At {
                key: n[0]..n[1],
                span: n[2]..n[3],
                value,
            }),
            Err(_) => Field::Refused,
        })
    }
}

/// Reads `text` as a `T`. Syntax errors fail at once (located); problems
/// with keys and values come back as diagnostics beside a `T` whose fields
/// are [`Field::Refused`] where they went wrong, so that the caller's own
/// checks can add theirs before deciding.
pub fn read<T: DeserializeOwned>(file: SourceFile<'_>) -> Result<(T, Vec<Diagnostic>), Failure> {
    let doc = DeTable::parse(file.text).map_err(|e| {
        let msg = format!("not valid TOML: {}", e.message().trim());
        match e.span() {
            Some(s) => file.error(s.start, msg),
            None => Diagnostic::error(file.label, msg),
        }
    })?;
    let span = doc.span();
    let root = DeValue::Table(doc.into_inner());
    let ctx = Ctx {
        file,
        diags: RefCell::new(Vec::new()),
    };
    let de = ValueDe {
        ctx: &ctx,
        value: &root,
        key: 0..0,
        span,
        path: String::new(),
    };
    let result = T::deserialize(de);
    let diags = ctx.diags.into_inner();
    match result {
        Ok(t) => Ok((t, diags)),
        Err(e) if diags.is_empty() => Err(Diagnostic::error(file.label, e.message).into()),
        Err(_) => Err(Failure::many(diags)),
    }
}

struct Ctx<'a> {
    file: SourceFile<'a>,
    diags: RefCell<Vec<Diagnostic>>,
}

/// A problem met while reading; `reported` once it is in the diagnostics.
#[derive(Debug)]
pub struct Error {
    message: String,
    hint: Option<String>,
    /// Made by `invalid_type`: the message ends with the type found.
    wrong_type: bool,
    /// What [`keys_of`] found.
    fields: &'static [&'static str],
    reported: bool,
}

impl Error {
    fn new(message: String) -> Error {
        Error {
            message,
            hint: None,
            wrong_type: false,
            fields: &[],
            reported: false,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// serde's names for what it expected, in the words of a person editing a
/// file.
fn plain(expected: &dyn de::Expected) -> String {
    let e = expected.to_string();
    match e.as_str() {
        "a string" | "a borrowed string" | "a character" => "text in quotes".into(),
        "a boolean" => "true or false".into(),
        "f32" | "f64" => "a number".into(),
        "a sequence" => "a list in [brackets]".into(),
        _ if (e.starts_with('i') || e.starts_with('u')) && e[1..].parse::<u32>().is_ok() => {
            "a whole number".into()
        }
        _ if e.starts_with("struct ") || e.starts_with("a map") => "a table".into(),
        _ => e,
    }
}

fn quoted(s: &str) -> String {
    format!("\"{s}\"")
}

impl de::Error for Error {
    fn custom<M: fmt::Display>(m: M) -> Error {
        Error::new(m.to_string())
    }
    fn invalid_type(_: de::Unexpected, expected: &dyn de::Expected) -> Error {
        Error {
            wrong_type: true,
            ..Error::new(format!("must be {}", plain(expected)))
        }
    }
    fn invalid_value(found: de::Unexpected, expected: &dyn de::Expected) -> Error {
        Error::new(format!("must be {}, not {found}", plain(expected)))
    }
    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Error {
        let all: Vec<String> = expected.iter().map(|v| quoted(v)).collect();
        Error {
            hint: did_you_mean(variant, expected).map(|k| format!("did you mean \"{k}\"?")),
            ..Error::new(format!(
                "must be one of {}, not \"{variant}\"",
                all.join(", ")
            ))
        }
    }
}

/// The deserializer of one value, which knows where it is.
struct ValueDe<'c, 'a, 'i> {
    ctx: &'c Ctx<'a>,
    value: &'c DeValue<'i>,
    key: Range<usize>,
    span: Range<usize>,
    /// Dotted path of the key, `colours.text`, for messages.
    path: String,
}

/// Where a value is, kept to report an error after its deserializer has
/// been consumed.
struct Place<'c, 'a> {
    ctx: &'c Ctx<'a>,
    offset: usize,
    path: String,
    type_str: &'static str,
}

impl Place<'_, '_> {
    fn report<T>(&self, r: Result<T, Error>) -> Result<T, Error> {
        r.map_err(|mut e| {
            if !e.reported {
                let mut msg = if e.message.starts_with("must") {
                    format!("'{}' {}", self.path, e.message)
                } else {
                    format!("'{}': {}", self.path, e.message)
                };
                if e.wrong_type {
                    msg.push_str(&format!(", not {}", self.type_str));
                }
                let mut d = self.ctx.file.error(self.offset, msg);
                d.hint = e.hint.take();
                self.ctx.diags.borrow_mut().push(d);
                e.reported = true;
            }
            e
        })
    }
}

impl<'c, 'a, 'i> ValueDe<'c, 'a, 'i> {
    fn place(&self) -> Place<'c, 'a> {
        Place {
            ctx: self.ctx,
            offset: self.span.start,
            path: self.path.clone(),
            type_str: match self.value {
                DeValue::Table(_) => "a table",
                DeValue::Array(_) => "a list",
                DeValue::String(_) => "text",
                DeValue::Integer(_) => "a whole number",
                DeValue::Float(_) => "a decimal number",
                DeValue::Boolean(_) => "true/false",
                DeValue::Datetime(_) => "a date",
            },
        }
    }
    fn map(
        &self,
        table: &'c DeTable<'i>,
        fields: Option<&'static [&'static str]>,
    ) -> MapDe<'c, 'a, 'i> {
        MapDe {
            ctx: self.ctx,
            entries: table.iter().collect::<Vec<_>>().into_iter(),
            current: None,
            path: self.path.clone(),
            fields,
        }
    }
    fn wrong_type(&self, expected: &str) -> Error {
        Error {
            wrong_type: true,
            ..Error::new(format!("must be {expected}"))
        }
    }
}

fn integer(i: &toml::de::DeInteger<'_>) -> Result<i64, Error> {
    let digits = i.as_str().replace('_', "");
    i64::from_str_radix(&digits, i.radix())
        .map_err(|_| Error::new("is too large a number".to_string()))
}

fn float(f: &toml::de::DeFloat<'_>) -> Result<f64, Error> {
    let s = f.as_str().replace('_', "");
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        // No key of any file means infinity or "not a number": refuse them
        // here rather than let each format remember to.
        _ => Err(Error::new(format!("must be a finite number, not {s}"))),
    }
}

impl<'de> Deserializer<'de> for ValueDe<'_, '_, '_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let place = self.place();
        let r = match self.value {
            DeValue::String(s) => v.visit_str(s),
            DeValue::Integer(i) => integer(i).and_then(|n| v.visit_i64(n)),
            DeValue::Float(f) => float(f).and_then(|x| v.visit_f64(x)),
            DeValue::Boolean(b) => v.visit_bool(*b),
            // No key of any file is a date: `name = 1979-05-27` is a
            // forgotten pair of quotes, not text.
            DeValue::Datetime(_) => {
                Err(de::Error::invalid_type(de::Unexpected::Other("a date"), &v))
            }
            DeValue::Array(a) => v.visit_seq(SeqDe {
                ctx: self.ctx,
                items: a.iter(),
                path: self.path.clone(),
            }),
            DeValue::Table(t) => v.visit_map(self.map(t, None)),
        };
        place.report(r)
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        v: V,
    ) -> Result<V::Value, Error> {
        v.visit_newtype_struct(self)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        if name == FIELD {
            return v.visit_map(FieldMap {
                de: Some(self),
                step: 0,
            });
        }
        if name == STRING_OR {
            let place = self.place();
            let r = match self.value {
                DeValue::String(s) => v.visit_str(s),
                DeValue::Table(_) => v.visit_newtype_struct(self),
                _ => Err(self.wrong_type("text in quotes or a table")),
            };
            return place.report(r);
        }
        let place = self.place();
        let r = match self.value {
            DeValue::Table(t) => v.visit_map(self.map(t, Some(fields))),
            _ => Err(self.wrong_type("a table")),
        };
        place.report(r)
    }

    fn deserialize_map<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let place = self.place();
        let r = match self.value {
            DeValue::Table(t) => v.visit_map(self.map(t, None)),
            _ => Err(self.wrong_type("a table")),
        };
        place.report(r)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        variants: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        let place = self.place();
        let r = match self.value {
            DeValue::String(s) => {
                v.visit_enum(IntoDeserializer::<Error>::into_deserializer(s.as_ref()))
            }
            _ => {
                let all: Vec<String> = variants.iter().map(|s| quoted(s)).collect();
                Err(self.wrong_type(&format!("one of {}", all.join(", "))))
            }
        };
        place.report(r)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_unit()
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct identifier
    }
}

/// The entries of a table; with `fields`, keys not among them are reported
/// and left out.
struct MapDe<'c, 'a, 'i> {
    ctx: &'c Ctx<'a>,
    entries: std::vec::IntoIter<(&'c Spanned<DeString<'i>>, &'c Spanned<DeValue<'i>>)>,
    current: Option<(&'c Spanned<DeString<'i>>, &'c Spanned<DeValue<'i>>)>,
    path: String,
    fields: Option<&'static [&'static str]>,
}

impl MapDe<'_, '_, '_> {
    fn full(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.path)
        }
    }
    fn unknown_key(&self, key: &Spanned<DeString<'_>>, known: &[&str]) {
        let d = unknown_key(
            self.ctx.file,
            key.span().start,
            &self.path,
            key.get_ref(),
            known,
        );
        self.ctx.diags.borrow_mut().push(d);
    }
}

impl<'de> MapAccess<'de> for MapDe<'_, '_, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        // A seed is used once; keys to leave out are found before using it.
        loop {
            let Some((k, v)) = self.entries.next() else {
                return Ok(None);
            };
            let name: &str = k.get_ref();
            if let Some(fields) = self.fields
                && !fields.contains(&name)
            {
                self.unknown_key(k, fields);
                continue;
            }
            self.current = Some((k, v));
            break;
        }
        let (k, _) = self.current.expect("set above");
        let name: &str = k.get_ref();
        seed.deserialize(IntoDeserializer::<Error>::into_deserializer(name))
            .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let (k, v) = self.current.take().expect("a key first");
        seed.deserialize(ValueDe {
            ctx: self.ctx,
            value: v.get_ref(),
            key: k.span(),
            span: v.span(),
            path: self.full(k.get_ref()),
        })
    }
}

/// The items of a list.
struct SeqDe<'c, 'a, 'i> {
    ctx: &'c Ctx<'a>,
    items: std::slice::Iter<'c, Spanned<DeValue<'i>>>,
    path: String,
}

impl<'de> SeqAccess<'de> for SeqDe<'_, '_, '_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        let Some(item) = self.items.next() else {
            return Ok(None);
        };
        seed.deserialize(ValueDe {
            ctx: self.ctx,
            value: item.get_ref(),
            key: item.span(),
            span: item.span(),
            path: self.path.clone(),
        })
        .map(Some)
    }
}

/// What [`Field`] reads: the key's and the value's places, then the value.
struct FieldMap<'c, 'a, 'i> {
    de: Option<ValueDe<'c, 'a, 'i>>,
    step: usize,
}

impl<'de> MapAccess<'de> for FieldMap<'_, '_, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        match FIELD_KEYS.get(self.step) {
            Some(k) => seed.deserialize(StrDeserializer::<Error>::new(k)).map(Some),
            None => Ok(None),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        self.step += 1;
        let de = self.de.as_ref().expect("the value is read last");
        let n = match self.step {
            1 => de.key.start,
            2 => de.key.end,
            3 => de.span.start,
            4 => de.span.end,
            _ => return seed.deserialize(self.de.take().expect("read once")),
        };
        seed.deserialize(UsizeDeserializer::<Error>::new(n))
    }
}
