//! The rule sentences: one source for the leaflet, the reminder cards and
//! `taflkit rules`. Rust decides which rules apply (see [`applicable`]) and
//! hands the templates of the theme's language (`lang/<code>/*.j2`, see
//! [`crate::words`]) plain facts about the variant and the theme's names;
//! the templates say them, with the language's grammar filters.

use std::collections::BTreeMap;

use minijinja::value::Value;
use minijinja::{Environment, UndefinedBehavior};

use crate::error::{Diagnostic, Failure};
use crate::kit::leaflet::caption::{CaptionFacts, Direction};
use crate::rules::{
    Access, KingCapture, OptionalRule, Piece, Repetition, Side, SpecialSquare, Variant,
};
use crate::theme::{Theme, placeholders};
use crate::words::grammar::{self, noun_value};
use crate::words::{Args, Lang, Msg};

/// The project's own short history of tafl in `lang`, used when a theme
/// has no introduction of its own.
pub fn general_history(lang: Lang) -> &'static str {
    lang.words().template("history.md").unwrap_or_default()
}

/// Where a language's template is, for messages.
fn template_path(lang: Lang, name: &str) -> String {
    format!("lang/{lang}/{name}")
}

/// A titled run of Markdown (a rule, a card section).
#[derive(Clone, Debug, PartialEq)]
pub struct RuleSection {
    /// The rule's id (see [`applicable`]), or the card section's.
    pub id: String,
    pub title: String,
    pub markdown: String,
}

/// The numbered rules that apply to `variant`, in leaflet order, by the
/// name of their macro in `lang/<code>/rules.j2` (without `rule_`).
pub fn applicable(variant: &Variant) -> Vec<&'static str> {
    let mut ids = vec![
        "setup",
        "first",
        "movement",
        "capture",
        "king_capture",
        "winning",
        "special",
    ];
    if variant.edge_shield_wall {
        ids.push("edge_shield_wall");
    }
    if variant.edge_fort {
        ids.push("edge_fort");
    }
    if variant.repetition != Repetition::None {
        ids.push("repetition");
    }
    if variant.draw_fort.is_some() {
        ids.push("draw_fort");
    }
    ids.push("no_move");
    for option in variant.options.iter().filter(|o| o.enabled) {
        ids.push(match option.rule {
            OptionalRule::Berserker => "berserker",
            OptionalRule::ShieldWall => "shield_wall",
            OptionalRule::SkilledPlay { .. } => "skilled_play",
        });
    }
    ids
}

/// The figures a text may cite: figure id (the macro names in
/// `lang/<code>/figures.j2`) to its number. Empty for text printed without
/// figures (`taflkit rules`), which then cites none.
pub type Citations = BTreeMap<String, usize>;

/// The numbered rules of "How to play", in leaflet order, citing no
/// figures.
pub fn rules_sections(variant: &Variant, theme: &Theme) -> Result<Vec<RuleSection>, Failure> {
    rules_sections_citing(variant, theme, &Citations::new())
}

/// The numbered rules of "How to play", each citing the figures in
/// `figures` that illustrate it ("Figure 3 shows …").
pub fn rules_sections_citing(
    variant: &Variant,
    theme: &Theme,
    figures: &Citations,
) -> Result<Vec<RuleSection>, Failure> {
    let ids: Vec<String> = applicable(variant)
        .into_iter()
        .map(str::to_string)
        .collect();
    render_sections(variant, theme, None, figures, &ids, "rule_")
}

/// A rule a reminder card has a row for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CardRule {
    KingCapture,
    Escape,
    Encirclement,
    EdgeFort,
    Move,
    Capture,
    Besieged,
    Centre,
    Corners,
    EdgeShieldWall,
    Repetition,
    DrawFort,
    NoMove,
    Berserker,
    ShieldWall,
    SkilledPlay,
}

impl CardRule {
    /// Its macro in `lang/<code>/rules.j2` (and title key), without `card_`.
    pub fn id(self) -> &'static str {
        match self {
            CardRule::KingCapture => "king_capture",
            CardRule::Escape => "escape",
            CardRule::Encirclement => "encirclement",
            CardRule::EdgeFort => "edge_fort",
            CardRule::Move => "move",
            CardRule::Capture => "capture",
            CardRule::Besieged => "besieged",
            CardRule::Centre => "centre",
            CardRule::Corners => "corners",
            CardRule::EdgeShieldWall => "edge_shield_wall",
            CardRule::Repetition => "repetition",
            CardRule::DrawFort => "draw_fort",
            CardRule::NoMove => "no_move",
            CardRule::Berserker => "berserker",
            CardRule::ShieldWall => "shield_wall",
            CardRule::SkilledPlay => "skilled_play",
        }
    }
}

/// One row of a reminder card: a rule in a sentence or two.
#[derive(Clone, Debug, PartialEq)]
pub struct CardRow {
    pub rule: CardRule,
    /// A way this side wins (drawn first, marked as the goal).
    pub goal: bool,
    pub title: String,
    pub markdown: String,
}

/// A reminder card's words: "You play …", who moves first, then a row for
/// every rule in force.
#[derive(Clone, Debug, PartialEq)]
pub struct CardText {
    pub title: String,
    pub lead: String,
    pub rows: Vec<CardRow>,
}

/// The rules a card for `side` has rows for, in order: that side's ways
/// to win first (marked `true`), then every other rule in force.
pub fn card_rules(variant: &Variant, side: Side) -> Vec<(CardRule, bool)> {
    use CardRule as R;
    let attackers_win = [
        Some(R::KingCapture),
        variant.encirclement.then_some(R::Encirclement),
    ];
    let defenders_win = [Some(R::Escape), variant.edge_fort.then_some(R::EdgeFort)];
    let (mine, theirs) = match side {
        Side::Attackers => (attackers_win, defenders_win),
        Side::Defenders => (defenders_win, attackers_win),
    };
    let mut out: Vec<(CardRule, bool)> = mine.into_iter().flatten().map(|r| (r, true)).collect();
    let betrays = variant.king.besieged_king_betrays_defender && variant.centre.is_some();
    let rest = [
        Some(R::Move),
        Some(R::Capture),
        betrays.then_some(R::Besieged),
    ]
    .into_iter()
    .chain(theirs)
    .chain([
        variant.centre.is_some().then_some(R::Centre),
        variant.corners.is_some().then_some(R::Corners),
        variant.edge_shield_wall.then_some(R::EdgeShieldWall),
        (variant.repetition != Repetition::None).then_some(R::Repetition),
        variant.draw_fort.is_some().then_some(R::DrawFort),
        Some(R::NoMove),
    ])
    .flatten();
    out.extend(rest.map(|r| (r, false)));
    for option in variant.options.iter().filter(|o| o.enabled) {
        out.push((
            match option.rule {
                OptionalRule::Berserker => R::Berserker,
                OptionalRule::ShieldWall => R::ShieldWall,
                OptionalRule::SkilledPlay { .. } => R::SkilledPlay,
            },
            false,
        ));
    }
    out
}

/// The words of the reminder card for `side`, from the same sentence
/// macros as the leaflet's rules.
pub fn card_text(variant: &Variant, theme: &Theme, side: Side) -> Result<CardText, Failure> {
    let rules = card_rules(variant, side);
    let mut ids = vec!["card_lead".to_string()];
    ids.extend(rules.iter().map(|(r, _)| format!("card_{}", r.id())));
    let mut sections = render_sections(variant, theme, Some(side), &Citations::new(), &ids, "")?;
    if sections.len() != ids.len() {
        return Err(Failure::new(Diagnostic::error(
            template_path(theme.lang, "rules.j2"),
            "a reminder card's rule says nothing",
        )));
    }
    let lead = sections.remove(0);
    // The side's first way to win is its goal, and says so.
    if let Some(first) = sections.first_mut() {
        first.title = title_of(variant, theme, side, "card_goal")?;
    }
    Ok(CardText {
        title: lead.title,
        lead: lead.markdown,
        rows: rules
            .into_iter()
            .zip(sections)
            .map(|((rule, goal), s)| CardRow {
                rule,
                goal,
                title: s.title,
                markdown: s.markdown,
            })
            .collect(),
    })
}

/// One title from the `titles` map of `lang/<code>/rules.j2`.
fn title_of(variant: &Variant, theme: &Theme, side: Side, id: &str) -> Result<String, Failure> {
    let env = environment(theme.lang)?;
    let template = env.get_template("rules.j2").map_err(template_failure)?;
    let captured = template
        .render_captured(facts(variant, theme, Some(side), &Citations::new()))
        .map_err(template_failure)?;
    captured
        .state()
        .lookup("titles")
        .and_then(|t| t.get_attr(id).ok())
        .and_then(|v| v.as_str().map(crate::words::typographic))
        .ok_or_else(|| {
            Failure::new(Diagnostic::error(
                template_path(theme.lang, "rules.j2"),
                format!("no title for `{id}`"),
            ))
        })
}

/// A reminder card as titled sections: the lead, then each row.
pub fn card_sections(
    variant: &Variant,
    theme: &Theme,
    side: Side,
) -> Result<Vec<RuleSection>, Failure> {
    let card = card_text(variant, theme, side)?;
    let mut out = vec![RuleSection {
        id: "card_lead".into(),
        title: card.title,
        markdown: card.lead,
    }];
    out.extend(card.rows.into_iter().map(|r| RuleSection {
        id: format!("card_{}", r.rule.id()),
        title: r.title,
        markdown: r.markdown,
    }));
    Ok(out)
}

/// The leaflet's introduction: the theme's own, its rule placeholders
/// filled from `variant`, or the project's history.
pub fn intro_markdown(variant: &Variant, theme: &Theme) -> Result<String, Failure> {
    if theme.intro.trim().is_empty() {
        Ok(general_history(theme.lang).to_string())
    } else {
        fill_placeholders(variant, theme, &theme.intro)
    }
}

/// The cover's story, its rule placeholders filled from `variant`.
pub fn story_markdown(variant: &Variant, theme: &Theme) -> Result<String, Failure> {
    fill_placeholders(variant, theme, &theme.story)
}

/// A theme's text with each `{{ placeholder }}` said for this variant
/// (`lang/<code>/placeholders.j2`); see [`crate::theme::placeholders`].
pub fn fill_placeholders(variant: &Variant, theme: &Theme, text: &str) -> Result<String, Failure> {
    if placeholders::scan(text).is_empty() {
        return Ok(text.to_string());
    }
    let env = environment(theme.lang)?;
    let template = env
        .get_template("placeholders.j2")
        .map_err(template_failure)?;
    let mut captured = template
        .render_captured(facts(variant, theme, None, &Citations::new()))
        .map_err(template_failure)?;
    captured.with_state_mut(|state| {
        let mut failure = None;
        let filled = placeholders::fill(text, |name| {
            match state.call_macro(&format!("ph_{name}"), &[]) {
                Ok(s) => normalise(&s),
                Err(e) => {
                    failure.get_or_insert(template_failure(e));
                    String::new()
                }
            }
        });
        match failure {
            Some(f) => Err(f),
            None => Ok(filled),
        }
    })
}

/// The kit's title: the theme's own, or the variant's name.
pub fn title(variant: &Variant, theme: &Theme) -> String {
    theme.title.clone().unwrap_or_else(|| variant.name.clone())
}

/// What follows the title to say which rules and which look: the rule
/// set when the theme gave the kit a title of its own ("Sea Battle 9×9
/// rules"), the theme's name when the title does not already say it
/// ("Viking edition"), or nothing ("York Hnefatafl" in the York theme).
pub fn edition(variant: &Variant, theme: &Theme) -> Option<String> {
    let title = title(variant, theme);
    let words = theme.lang.words();
    if theme.title.is_some() && !title.contains(&variant.name) {
        Some(words.say_with(
            Msg::EditionRules,
            &Args::new().text("variant", variant.name.clone()),
        ))
    } else if theme.name.is_empty() || title.to_lowercase().contains(&theme.name.to_lowercase()) {
        None
    } else {
        Some(words.say_with(
            Msg::EditionTheme,
            &Args::new().text("theme", theme.name.clone()),
        ))
    }
}

/// An optional rule's name for people ("shield wall"), as the rules'
/// titles say it; the id ("shield-wall") is for the command line.
pub fn option_name(rule: OptionalRule, lang: Lang) -> String {
    lang.words().say(match rule {
        OptionalRule::Berserker => Msg::OptionBerserker,
        OptionalRule::ShieldWall => Msg::OptionShieldWall,
        OptionalRule::SkilledPlay { .. } => Msg::OptionSkilledPlay,
    })
}

/// The whole rules text as Markdown, as `taflkit rules` prints it: no
/// figures, so it cites none.
pub fn rules_markdown(variant: &Variant, theme: &Theme) -> Result<String, Failure> {
    rules_markdown_citing(variant, theme, &Citations::new())
}

/// The whole rules text as Markdown, citing `figures` where each rule is
/// explained (the leaflet's text).
pub fn rules_markdown_citing(
    variant: &Variant,
    theme: &Theme,
    figures: &Citations,
) -> Result<String, Failure> {
    let sections = rules_sections_citing(variant, theme, figures)?;
    let env = environment(theme.lang)?;
    let about = env
        .get_template("about.md.j2")
        .and_then(|t| t.render(facts(variant, theme, None, figures)))
        .map_err(template_failure)?;
    let section_values: Vec<Value> = sections
        .iter()
        .map(|s| {
            let mut m = BTreeMap::new();
            m.insert("title", Value::from(s.title.as_str()));
            m.insert("markdown", Value::from(s.markdown.as_str()));
            Value::from(m)
        })
        .collect();
    let intro = intro_markdown(variant, theme)?;
    let ctx = minijinja::context! {
        title => title(variant, theme),
        intro => intro.trim(),
        sections => section_values,
        about => normalise(&about),
        credits => theme.credits.as_deref().map(str::trim),
        web => theme.web.as_deref().map(str::trim),
    };
    let mut text = env
        .get_template("leaflet.md.j2")
        .and_then(|t| t.render(ctx))
        .map_err(template_failure)?;
    if !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(text)
}

/// The templates of `lang` with its grammar filters, parsed once per
/// process and language (every kit of a batch, every rebuild of `watch`,
/// reads them from here).
pub fn environment(lang: Lang) -> Result<&'static Environment<'static>, Failure> {
    type Parsed = std::sync::OnceLock<Result<Environment<'static>, Failure>>;
    static ENVS: std::sync::OnceLock<Vec<Parsed>> = std::sync::OnceLock::new();
    let all = ENVS.get_or_init(|| Lang::all().map(|_| Parsed::new()).collect());
    all[lang.index()]
        .get_or_init(|| parsed_templates(lang))
        .as_ref()
        .map_err(Clone::clone)
}

fn parsed_templates(lang: Lang) -> Result<Environment<'static>, Failure> {
    let words = lang.words();
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    grammar::register(&mut env, &words.grammar);
    // The word that ends a berserker turn, as the puzzle answers print it.
    env.add_global("pass_word", words.say(crate::words::Msg::TurnPass));
    for name in words.template_names() {
        let source = words.template(name).unwrap_or_default();
        env.add_template(name, source).map_err(template_failure)?;
    }
    Ok(env)
}

/// A template error is a bug in taflkit, not in the user's input, but it is
/// still reported, never a panic.
fn template_failure(e: minijinja::Error) -> Failure {
    let source = e
        .name()
        .map(|n| format!("lang/*/{n}"))
        .unwrap_or_else(|| "lang".into());
    let mut d = Diagnostic::error(source, format!("rules text template: {e:#}"));
    if let Some(line) = e.line() {
        d = d.at(line, 1);
    }
    Failure::new(d)
}

/// Captions of the leaflet's figures, by figure id (the macro names in
/// `lang/<code>/figures.j2`), each given its figure's facts (`fig`), in
/// the theme's words.
pub fn figure_captions(
    variant: &Variant,
    theme: &Theme,
    ids: &[(&str, CaptionFacts)],
) -> Result<Vec<String>, Failure> {
    let env = environment(theme.lang)?;
    let template = env.get_template("figures.j2").map_err(template_failure)?;
    let mut captured = template
        .render_captured(facts(variant, theme, None, &Citations::new()))
        .map_err(template_failure)?;
    captured.with_state_mut(|state| {
        ids.iter()
            .map(|(id, facts)| {
                state
                    .call_macro(id, &[facts.value()])
                    .map(|s| normalise(&s))
                    .map_err(template_failure)
            })
            .collect()
    })
}

/// The words `lang` gives each [`Direction`] in its captions (the
/// `directions` map of its `figures.j2`), in [`Direction::ALL`]'s order.
pub fn direction_words(lang: Lang) -> Result<Vec<(Direction, String)>, Failure> {
    let env = environment(lang)?;
    let template = env.get_template("figures.j2").map_err(template_failure)?;
    let mut captured = template
        .render_captured(minijinja::context! {})
        .map_err(template_failure)?;
    let missing =
        |what: String| Failure::new(Diagnostic::error(template_path(lang, "figures.j2"), what));
    captured.with_state_mut(|state| {
        let map = state
            .lookup("directions")
            .ok_or_else(|| missing("no `directions` map".into()))?;
        Direction::ALL
            .iter()
            .map(|&d| {
                let word = map.get_attr(d.key()).map_err(template_failure)?;
                word.as_str()
                    .map(|w| (d, w.to_string()))
                    .ok_or_else(|| missing(format!("no word for the direction `{}`", d.key())))
            })
            .collect()
    })
}

fn render_sections(
    variant: &Variant,
    theme: &Theme,
    side: Option<Side>,
    figures: &Citations,
    ids: &[String],
    prefix: &str,
) -> Result<Vec<RuleSection>, Failure> {
    let env = environment(theme.lang)?;
    let template = env.get_template("rules.j2").map_err(template_failure)?;
    let mut captured = template
        .render_captured(facts(variant, theme, side, figures))
        .map_err(template_failure)?;
    captured.with_state_mut(|state| {
        let titles = state.lookup("titles").ok_or_else(|| {
            Failure::new(Diagnostic::error(
                template_path(theme.lang, "rules.j2"),
                "no `titles` map",
            ))
        })?;
        let mut out = Vec::new();
        for id in ids {
            let body = state
                .call_macro(&format!("{prefix}{id}"), &[])
                .map_err(template_failure)?;
            let title = titles
                .get_attr(id)
                .map_err(template_failure)?
                .as_str()
                .map(str::to_string)
                .ok_or_else(|| {
                    Failure::new(Diagnostic::error(
                        template_path(theme.lang, "rules.j2"),
                        format!("no title for rule `{id}`"),
                    ))
                })?;
            let markdown = normalise(&body);
            if !markdown.is_empty() {
                out.push(RuleSection {
                    id: id.clone(),
                    title: crate::words::typographic(&title),
                    markdown,
                });
            }
        }
        Ok(out)
    })
}

/// Joins each paragraph onto one line and squeezes runs of spaces, so the
/// templates can be written readably across lines.
pub fn normalise(text: &str) -> String {
    text.split("\n\n")
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("\n\n")
}

fn access(a: Access) -> &'static str {
    match a {
        Access::Everyone => "everyone",
        Access::KingOnly => "king",
        Access::Nobody => "nobody",
    }
}

fn square(sq: &Option<SpecialSquare>) -> Value {
    match sq {
        None => Value::from(()),
        Some(sq) => {
            let mut m = BTreeMap::new();
            m.insert("pass", Value::from(access(sq.pass)));
            m.insert("stop", Value::from(access(sq.stop)));
            m.insert("hostile_attackers", Value::from(sq.hostile_to_attackers));
            m.insert("hostile_defenders", Value::from(sq.hostile_to_defenders));
            m.insert("hostile_king", Value::from(sq.hostile_to_king));
            Value::from(m)
        }
    }
}

fn option_on(variant: &Variant, rule: OptionalRule) -> bool {
    variant.options.iter().any(|o| o.enabled && o.rule == rule)
}

/// Everything the templates may say, as plain facts, and the figures
/// they may cite (`figs`, id to number).
fn facts(variant: &Variant, theme: &Theme, side: Option<Side>, figures: &Citations) -> Value {
    let names = &theme.names;
    let (n_attackers, n_defenders, _) = variant.piece_counts();
    let mid = variant.size / 2;
    let king_on_centre = variant.size % 2 == 1
        && variant
            .setup
            .get(mid)
            .and_then(|row| row.get(mid))
            .copied()
            .flatten()
            == Some(Piece::King);
    let side_name = |s: Side| match s {
        Side::Attackers => noun_value(&names.attackers),
        Side::Defenders => noun_value(&names.defenders),
    };
    let first = variant.first_to_move();
    minijinja::context! {
        variant_name => variant.name.as_str(),
        title => title(variant, theme),
        size => variant.size,
        n_attackers => n_attackers,
        n_defenders => n_defenders,
        king => noun_value(&names.king),
        defender => noun_value(&names.defender),
        attacker => noun_value(&names.attacker),
        centre => noun_value(&names.centre),
        corner => noun_value(&names.corner),
        attackers => noun_value(&names.attackers),
        defenders => noun_value(&names.defenders),
        first => first.id(),
        first_side => side_name(first),
        side => side.map(Side::id),
        escape => match variant.escape {
            crate::rules::Escape::Edge => "edge",
            crate::rules::Escape::Corner => "corner",
        },
        centre_sq => square(&variant.centre),
        corner_sq => square(&variant.corners),
        king_on_centre => king_on_centre,
        king_armed => variant.king.armed,
        king_anvil => variant.king.anvil,
        king_capture => match variant.king.capture {
            KingCapture::FourSides => "four",
            KingCapture::FourOrThreeBesideCentre => "three_beside_centre",
        },
        betrays => variant.king.besieged_king_betrays_defender && variant.centre.is_some(),
        king_strength => variant.king.strength.id().replace('-', "_"),
        king_speed => variant.king.speed,
        no_move => match variant.no_move {
            crate::rules::NoMove::Loses => "loses",
            crate::rules::NoMove::Draws => "draw",
        },
        encirclement => variant.encirclement,
        repetition => variant.repetition.id().replace('-', "_"),
        draw_fort_min => variant.draw_fort.map(|d| d.min_men),
        berserker => option_on(variant, OptionalRule::Berserker),
        shield_wall => option_on(variant, OptionalRule::ShieldWall),
        skilled_play => variant.turn_limit(),
        figs => Value::from(figures.clone()),
    }
}
