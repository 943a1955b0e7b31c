//! The one grammar layer of every language: articles, definite forms,
//! number words agreeing with their noun, plural forms by the CLDR rules,
//! quotation marks and the decimal sign. Nothing here is English or
//! German: what differs between languages is data, the folder's
//! `grammar.toml`, and the forms a theme gives its nouns
//! ([`crate::theme::Noun`], see docs/languages.md).
//!
//! The same functions serve Rust ([`Grammar::definite`] …) and the
//! templates, as minijinja filters ([`register`]).

use std::collections::BTreeMap;

use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};
use minijinja::value::Value;
use minijinja::{Environment, Error, ErrorKind};
use serde::Deserialize;

use super::Lang;
use crate::theme::Noun;

/// A language's `grammar.toml`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Grammar {
    /// The genders nouns may have ("m", "f", "n"; "c", "n"); none in
    /// English.
    #[serde(default)]
    pub genders: Vec<String>,
    /// Opening and closing quotation marks.
    #[serde(default)]
    pub quotes: Option<[String; 2]>,
    #[serde(default)]
    pub decimal: Option<String>,
    /// The ISO 639-1 code of the hyphenation patterns, if any.
    #[serde(default)]
    pub hyphenation: Option<String>,
    /// Put before a common noun's bare form when the noun gives no
    /// definite form ("the ").
    #[serde(default)]
    pub definite_prefix: String,
    /// The indefinite article by gender ("none" without genders).
    #[serde(default)]
    pub indefinite: BTreeMap<String, String>,
    /// The indefinite article by case, then gender (German "acc").
    #[serde(default)]
    pub indefinite_case: BTreeMap<String, BTreeMap<String, String>>,
    /// A second article before a vowel sound (English "an").
    #[serde(default)]
    pub indefinite_vowel: Option<VowelRule>,
    #[serde(default)]
    pub numbers: Numbers,
    /// Prepositions that join the article after them (French "de" and
    /// "le roi": "du roi"), by the preposition.
    #[serde(default)]
    pub prepositions: BTreeMap<String, Preposition>,
    #[serde(skip)]
    plurals: Option<PluralRules>,
}

/// How a preposition joins what follows it.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Preposition {
    /// (start of the phrase, the preposition and it as one): ("le ",
    /// "du ").
    #[serde(default)]
    pub contract: Vec<[String; 2]>,
    /// The preposition's form before a vowel ("d’"), and the letters
    /// that take it.
    #[serde(default)]
    pub elide: Option<[String; 2]>,
}

/// English's "an": before `letters`, or a word starting with one of
/// `an_before`, unless it starts with one of `a_before`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct VowelRule {
    pub article: String,
    pub letters: String,
    #[serde(default)]
    pub an_before: Vec<String>,
    #[serde(default)]
    pub a_before: Vec<String>,
}

/// Numbers in words.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Numbers {
    /// From zero; larger numbers are printed in digits.
    #[serde(default)]
    pub words: Vec<String>,
    /// The word for one as it agrees with its noun's gender (de "eine").
    #[serde(default)]
    pub one: BTreeMap<String, String>,
    /// The same by case, then gender (de "einen").
    #[serde(default)]
    pub one_case: BTreeMap<String, BTreeMap<String, String>>,
}

/// A noun's gender as the grammar tables key it.
fn gender(noun: &Noun) -> &str {
    noun.gender.as_deref().unwrap_or("none")
}

impl Grammar {
    /// Reads `lang/<code>/grammar.toml`.
    pub fn load(lang: Lang) -> Result<Grammar, String> {
        let label = format!("lang/{lang}/grammar.toml");
        let text = lang
            .file("grammar.toml")
            .ok_or_else(|| format!("{label}: missing"))?;
        let mut g: Grammar = toml::from_str(text).map_err(|e| format!("{label}: {e}"))?;
        let langid = lang
            .code()
            .parse::<unic_langid::LanguageIdentifier>()
            .map_err(|e| format!("{label}: {e:?}"))?;
        g.plurals = Some(
            PluralRules::create(langid, PluralRuleType::CARDINAL)
                .map_err(|e| format!("{label}: no plural rules for {lang}: {e}"))?,
        );
        Ok(g)
    }

    /// Whether `n` takes the singular ("one") form of a noun, by the
    /// language's CLDR plural rules (French says "0 roi" but "2 rois").
    pub fn is_singular(&self, n: i64) -> bool {
        match &self.plurals {
            Some(rules) => rules.select(n).ok() == Some(PluralCategory::ONE),
            None => n == 1,
        }
    }

    /// `prep` before `phrase` as the language joins them: "du roi", "des
    /// lutins", "d’Éric", "de la cheminée".
    pub fn preposition(&self, prep: &str, phrase: &str) -> String {
        let Some(p) = self.prepositions.get(prep) else {
            return format!("{prep} {phrase}");
        };
        for [start, joined] in &p.contract {
            if let Some(rest) = phrase.strip_prefix(start.as_str()) {
                return format!("{joined}{rest}");
            }
        }
        match &p.elide {
            Some([form, letters]) if phrase.starts_with(|c| letters.contains(c)) => {
                format!("{form}{phrase}")
            }
            _ => format!("{prep} {phrase}"),
        }
    }

    /// "the king", "der König" (`case` "acc": "den König"), "King Eric".
    pub fn definite(&self, noun: &Noun, case: Option<&str>) -> String {
        if noun.proper {
            return noun.one.clone();
        }
        case.and_then(|c| noun.case_form(&format!("one_def_{c}")))
            .or(noun.one_def.clone())
            .unwrap_or_else(|| format!("{}{}", self.definite_prefix, noun.one))
    }

    /// "the kings", "die Könige"; a side's name as printed ("the
    /// Northumbrians").
    pub fn definite_many(&self, noun: &Noun, case: Option<&str>) -> String {
        if noun.proper {
            return noun.many.clone();
        }
        case.and_then(|c| noun.case_form(&format!("many_def_{c}")))
            .or(noun.many_def.clone())
            .unwrap_or_else(|| format!("{}{}", self.definite_prefix, noun.many))
    }

    /// "an elf", "eine Ecke", but "King Eric" for a proper name.
    pub fn indefinite(&self, noun: &Noun, case: Option<&str>) -> String {
        if noun.proper {
            return noun.one.clone();
        }
        let g = gender(noun);
        let article = case
            .and_then(|c| self.indefinite_case.get(c))
            .and_then(|t| t.get(g))
            .or_else(|| self.indefinite.get(g));
        match article {
            Some(a) => format!("{} {}", self.before_vowel(a, &noun.one), noun.one),
            None => noun.one.clone(),
        }
    }

    /// The article `a`, or the vowel form before `word` if the language
    /// has one.
    fn before_vowel<'a>(&'a self, a: &'a str, word: &str) -> &'a str {
        let Some(rule) = &self.indefinite_vowel else {
            return a;
        };
        let lower = word.to_lowercase();
        if rule.an_before.iter().any(|p| lower.starts_with(p.as_str())) {
            return &rule.article;
        }
        if rule.a_before.iter().any(|p| lower.starts_with(p.as_str())) {
            return a;
        }
        match lower.chars().next() {
            Some(c) if rule.letters.contains(c) => &rule.article,
            _ => a,
        }
    }

    /// A number in words agreeing with `noun` ("eine" for a feminine
    /// German noun), or in digits beyond the language's list.
    pub fn number(&self, n: i64, noun: Option<&Noun>, case: Option<&str>) -> String {
        if n == 1
            && let Some(noun) = noun
        {
            let g = gender(noun);
            let agreeing = case
                .and_then(|c| self.numbers.one_case.get(c))
                .and_then(|t| t.get(g))
                .or_else(|| self.numbers.one.get(g));
            if let Some(w) = agreeing {
                return w.clone();
            }
        }
        usize::try_from(n)
            .ok()
            .and_then(|i| self.numbers.words.get(i))
            .cloned()
            .unwrap_or_else(|| n.to_string())
    }

    /// "twelve elves", "one elf", "eine Ecke".
    pub fn count(&self, n: i64, noun: &Noun, case: Option<&str>) -> String {
        let form = if self.is_singular(n) {
            &noun.one
        } else {
            &noun.many
        };
        format!("{} {form}", self.number(n, Some(noun), case))
    }

    /// `text` in the language's quotation marks.
    pub fn quote(&self, text: &str) -> String {
        match &self.quotes {
            Some([open, close]) => format!("{open}{text}{close}"),
            None => format!("\"{text}\""),
        }
    }

    /// `x` to `places` decimals with the language's decimal sign.
    pub fn decimal(&self, x: f64, places: usize) -> String {
        let s = format!("{x:.places$}");
        match &self.decimal {
            Some(sign) => s.replace('.', sign),
            None => s,
        }
    }
}

/// Capitalises the first letter, leaving the rest alone.
pub fn cap(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A theme's noun as the templates see it: a map of its forms.
pub fn noun_value(n: &Noun) -> Value {
    let mut m = BTreeMap::new();
    m.insert("one".to_string(), Value::from(n.one.as_str()));
    m.insert("many".to_string(), Value::from(n.many.as_str()));
    m.insert("proper".to_string(), Value::from(n.proper));
    for (key, form) in [("one_def", &n.one_def), ("many_def", &n.many_def)] {
        if let Some(f) = form {
            m.insert(key.to_string(), Value::from(f.as_str()));
        }
    }
    if let Some(g) = &n.gender {
        m.insert("gender".to_string(), Value::from(g.as_str()));
    }
    for (key, form) in &n.cases {
        m.insert(key.clone(), Value::from(form.as_str()));
    }
    Value::from(m)
}

/// The noun a template handed a filter: a map made by [`noun_value`], or
/// plain text (a name the template built), which stands for itself.
fn noun_of(v: &Value) -> Result<Noun, Error> {
    if let Some(s) = v.as_str() {
        return Ok(Noun::fixed(s));
    }
    let text = |key: &str| -> Option<String> {
        v.get_attr(key)
            .ok()
            .and_then(|x| x.as_str().map(str::to_string))
    };
    let one = text("one")
        .ok_or_else(|| Error::new(ErrorKind::InvalidOperation, "a noun needs a name"))?;
    let cases = ["acc", "dat", "gen"]
        .iter()
        .flat_map(|c| [format!("one_def_{c}"), format!("many_def_{c}")])
        .filter_map(|k| text(&k).map(|f| (k, f)))
        .collect();
    Ok(Noun {
        many: text("many").unwrap_or_else(|| one.clone()),
        one,
        one_def: text("one_def"),
        many_def: text("many_def"),
        gender: text("gender"),
        proper: v.get_attr("proper").map(|p| p.is_true()).unwrap_or(false),
        cases,
    })
}

/// Registers the grammar filters of `grammar` on a template environment
/// (see docs/languages.md for what each says).
pub fn register(env: &mut Environment<'static>, grammar: &'static Grammar) {
    env.add_filter("the", move |n: Value, case: Option<String>| {
        Ok::<_, Error>(grammar.definite(&noun_of(&n)?, case.as_deref()))
    });
    env.add_filter("the_many", move |n: Value, case: Option<String>| {
        Ok::<_, Error>(grammar.definite_many(&noun_of(&n)?, case.as_deref()))
    });
    env.add_filter("a", move |n: Value, case: Option<String>| {
        Ok::<_, Error>(grammar.indefinite(&noun_of(&n)?, case.as_deref()))
    });
    env.add_filter("count", move |k: i64, n: Value, case: Option<String>| {
        Ok::<_, Error>(grammar.count(k, &noun_of(&n)?, case.as_deref()))
    });
    env.add_filter("words", move |k: i64, n: Option<Value>| {
        let noun = n.as_ref().map(noun_of).transpose()?;
        Ok::<_, Error>(grammar.number(k, noun.as_ref(), None))
    });
    env.add_filter("quote", move |s: String| grammar.quote(&s));
    env.add_filter("decimal", move |x: f64, places: Option<usize>| {
        grammar.decimal(x, places.unwrap_or(1))
    });
    env.add_filter("cap", |s: String| cap(&s));
    env.add_filter("prep", move |s: String, prep: String| {
        grammar.preposition(&prep, &s)
    });
}
