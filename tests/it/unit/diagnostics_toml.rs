//! The tests of `src/diagnostics/toml.rs` that were its unit tests.

use serde::Deserialize;
use taflkit::diagnostics::SourceFile;
use taflkit::diagnostics::toml::*;

#[derive(Deserialize, Default, Debug)]
#[serde(default)]
struct Doc {
    size: Field<u32>,
    name: Field<String>,
    mm: Field<f64>,
    shape: Field<Shape>,
    inner: Field<Inner>,
    list: Field<Vec<Shape>>,
    noun: Field<StringOr<Inner>>,
}

#[derive(Deserialize, Default, Debug, PartialEq)]
#[serde(default)]
struct Inner {
    flag: Field<bool>,
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(rename_all = "kebab-case")]
enum Shape {
    Disc,
    Shield,
}

fn read_doc(text: &str) -> (Doc, Vec<String>) {
    let (d, diags) = read::<Doc>(SourceFile {
        label: "f.toml",
        text,
    })
    .unwrap();
    (d, diags.iter().map(|d| d.to_string()).collect())
}

#[test]
fn values_come_with_their_places() {
    let (d, diags) = read_doc("size = 7\nname = \"x\"\n[inner]\nflag = true\n");
    assert!(diags.is_empty(), "{diags:?}");
    let size = d.size.given().unwrap();
    assert_eq!(
        (size.value, size.key.clone(), size.span.clone()),
        (7, 0..4, 7..8)
    );
    assert_eq!(d.name.value().map(String::as_str), Some("x"));
    assert_eq!(d.inner.value().unwrap().flag.value(), Some(&true));
    assert!(d.mm.is_absent());
}

#[test]
fn every_problem_is_reported_and_reading_goes_on() {
    let (d, diags) = read_doc(
        "sise = 7\nname = 3\nmm = inf\nshape = \"shied\"\n[inner]\nflg = true\nflag = 1\n",
    );
    let all = diags.join("\n");
    assert!(
        all.contains("f.toml:1:1: error: unknown key 'sise'; did you mean 'size'?"),
        "{all}"
    );
    assert!(
        all.contains("f.toml:2:8: error: 'name' must be text in quotes, not a whole number"),
        "{all}"
    );
    assert!(
        all.contains("f.toml:3:6: error: 'mm' must be a finite number, not inf"),
        "{all}"
    );
    assert!(all.contains("f.toml:4:9: error: 'shape' must be one of \"disc\", \"shield\", not \"shied\"; did you mean \"shield\"?"), "{all}");
    assert!(
        all.contains("f.toml:6:1: error: unknown key 'inner.flg'; did you mean 'inner.flag'?"),
        "{all}"
    );
    assert!(
        all.contains("f.toml:7:8: error: 'inner.flag' must be true or false, not a whole number"),
        "{all}"
    );
    assert_eq!(diags.len(), 6, "{all}");
    assert_eq!(d.name, Field::Refused);
    assert!(d.inner.given().is_some());
}

#[test]
fn lists_and_wrong_tables() {
    let (d, diags) = read_doc("list = [\"disc\", \"shield\"]\ninner = 4\n");
    assert_eq!(d.list.value(), Some(&vec![Shape::Disc, Shape::Shield]));
    assert_eq!(
        diags,
        ["f.toml:2:9: error: 'inner' must be a table, not a whole number"]
    );
    let (_, diags) = read_doc("size = 99999999999999999999\nsize2 = -1\n");
    assert!(diags[0].contains("1:8: error: 'size'"), "{diags:?}");
}

#[test]
fn text_or_a_table() {
    let (d, diags) = read_doc("noun = \"x\"\n");
    assert!(diags.is_empty());
    assert_eq!(d.noun.value(), Some(&StringOr::String("x".into())));
    let (d, diags) = read_doc("noun = { flag = true, flg = 1 }\n");
    let StringOr::Table(inner) = d.noun.value().unwrap() else {
        panic!("a table")
    };
    assert_eq!(inner.flag.value(), Some(&true));
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert!(diags[0].contains("unknown key 'noun.flg'"), "{diags:?}");
    let (_, diags) = read_doc("noun = 3\n");
    assert_eq!(
        diags,
        ["f.toml:1:8: error: 'noun' must be text in quotes or a table, not a whole number"]
    );
}

#[test]
fn syntax_errors_are_located() {
    let f = read::<Doc>(SourceFile {
        label: "f.toml",
        text: "a = [\n",
    })
    .unwrap_err();
    let d = &f.diagnostics[0];
    assert!(
        d.line.is_some() && d.message.starts_with("not valid TOML"),
        "{f}"
    );
}
