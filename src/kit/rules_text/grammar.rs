//! English grammar for generated sentences, as minijinja filters: articles,
//! capitals, plurals and numbers in words. Nouns come from the theme
//! ([`crate::theme::Noun`]) as maps `{one, many, proper}`; plain strings
//! (side names such as "the Northumbrians") pass through unchanged.

use minijinja::value::Value;
use minijinja::{Environment, Error, ErrorKind};

/// Registers the grammar filters on a template environment.
pub fn register(env: &mut Environment<'_>) {
    env.add_filter("the", the);
    env.add_filter("a", a);
    env.add_filter("cap", cap);
    env.add_filter("count", count);
    env.add_filter("words", |n: i64| number_words(n));
}

fn field(noun: &Value, key: &str) -> Result<Value, Error> {
    noun.get_attr(key)
}

fn noun_one(noun: &Value) -> Result<(String, bool), Error> {
    if let Some(s) = noun.as_str() {
        return Ok((s.to_string(), true));
    }
    let one = field(noun, "one")?;
    let one = one
        .as_str()
        .ok_or_else(|| Error::new(ErrorKind::InvalidOperation, "a noun needs a name"))?
        .to_string();
    Ok((one, field(noun, "proper")?.is_true()))
}

/// "the cargo ship", but "Santa Claus" for a proper name.
fn the(noun: Value) -> Result<String, Error> {
    let (one, proper) = noun_one(&noun)?;
    Ok(if proper { one } else { format!("the {one}") })
}

/// "a defender", "an elf", but "King Eric" for a proper name.
fn a(noun: Value) -> Result<String, Error> {
    let (one, proper) = noun_one(&noun)?;
    Ok(if proper {
        one
    } else {
        format!("{} {one}", indefinite_article(&one))
    })
}

/// "a" or "an" by the first letter's sound, as far as spelling tells.
pub fn indefinite_article(word: &str) -> &'static str {
    let lower = word.to_lowercase();
    // A few common words whose spelling misleads.
    let an_exceptions = ["hour", "honest", "heir", "honour"];
    let a_exceptions = ["uni", "use", "eu", "one", "once"];
    if an_exceptions.iter().any(|p| lower.starts_with(p)) {
        return "an";
    }
    if a_exceptions.iter().any(|p| lower.starts_with(p)) {
        return "a";
    }
    match lower.chars().next() {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

/// Capitalises the first letter, leaving the rest alone.
pub fn cap(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

/// "twelve elves", "one elf", "24 attackers" beyond ninety-nine.
fn count(n: i64, noun: Value) -> Result<String, Error> {
    let form = if n == 1 { "one" } else { "many" };
    let name = if noun.as_str().is_some() {
        noun.to_string()
    } else {
        field(&noun, form)?.to_string()
    };
    Ok(format!("{} {name}", number_words(n)))
}

/// Small numbers in words ("twenty-four"), larger ones in digits.
pub fn number_words(n: i64) -> String {
    const ONES: [&str; 20] = [
        "no",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 10] = [
        "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    match n {
        0..=19 => ONES[n as usize].to_string(),
        20..=99 => {
            let (t, o) = (n / 10, n % 10);
            if o == 0 {
                TENS[t as usize].to_string()
            } else {
                format!("{}-{}", TENS[t as usize], ONES[o as usize])
            }
        }
        _ => n.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_words() {
        assert_eq!(number_words(1), "one");
        assert_eq!(number_words(12), "twelve");
        assert_eq!(number_words(24), "twenty-four");
        assert_eq!(number_words(40), "forty");
        assert_eq!(number_words(120), "120");
    }

    #[test]
    fn articles_follow_the_sound() {
        assert_eq!(indefinite_article("elf"), "an");
        assert_eq!(indefinite_article("defender"), "a");
        assert_eq!(indefinite_article("unicorn"), "a");
        assert_eq!(indefinite_article("hour-glass"), "an");
    }

    #[test]
    fn cap_keeps_the_rest() {
        assert_eq!(cap("the Northumbrians".into()), "The Northumbrians");
        assert_eq!(cap("Eric's kinsmen".into()), "Eric's kinsmen");
        assert_eq!(cap(String::new()), "");
    }
}
