//! Markdown to rich-text blocks: the small subset rules texts use
//! (paragraphs, headings, lists, emphasis). Anything else is kept as plain
//! text; raw HTML is shown literally, never interpreted.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use super::{Block, BlockKind, Span};
use crate::layout::FontRole;

/// Parses Markdown into blocks: paragraphs, `#` headings (level kept),
/// bulleted and numbered list items (numbers kept, nested items flattened),
/// `*emphasis*` as [`FontRole::Italic`] and `**strong**` as
/// [`FontRole::Bold`] spans (strong wins when nested). Soft line breaks
/// become spaces and hard breaks `\n`; links become their text, inline
/// code its text, images their alt text; raw HTML is kept as literal text
/// (comments are dropped). Straight quotes become curly ones, `--` an en
/// dash, `---` an em dash and `...` an ellipsis.
pub fn markdown_blocks(md: &str) -> Vec<Block> {
    let mut b = Builder::default();
    for event in Parser::new_ext(md, Options::ENABLE_SMART_PUNCTUATION) {
        match event {
            Event::Start(tag) => b.start(tag),
            Event::End(tag) => b.end(tag),
            Event::Text(t) | Event::Code(t) | Event::InlineMath(t) | Event::DisplayMath(t) => {
                b.text(&t)
            }
            Event::Html(t) | Event::InlineHtml(t) => {
                if !t.trim_start().starts_with("<!--") {
                    b.text(&t)
                }
            }
            Event::SoftBreak => b.text(" "),
            Event::HardBreak => b.text("\n"),
            Event::FootnoteReference(_) | Event::Rule | Event::TaskListMarker(_) => {}
        }
    }
    b.flush();
    b.blocks
}

#[derive(Default)]
struct Builder {
    blocks: Vec<Block>,
    /// The kind the text being collected will become.
    kind: Option<BlockKind>,
    spans: Vec<Span>,
    emphasis: u32,
    strong: u32,
    heading: bool,
    /// Open lists, innermost last: the number the next item gets.
    lists: Vec<Option<u64>>,
    /// Inside a list item whose first block has already been emitted.
    item_started: bool,
}

impl Builder {
    fn font(&self) -> FontRole {
        if self.heading {
            FontRole::Heading
        } else if self.strong > 0 {
            FontRole::Bold
        } else if self.emphasis > 0 {
            FontRole::Italic
        } else {
            FontRole::Body
        }
    }

    fn text(&mut self, t: &str) {
        if t.is_empty() {
            return;
        }
        if self.kind.is_none() {
            // Text outside a paragraph: a tight list item's text or an
            // HTML block.
            self.kind = Some(self.item_kind());
        }
        let font = self.font();
        match self.spans.last_mut() {
            Some(last) if last.font == font => last.text.push_str(t),
            _ => self.spans.push(Span::new(t, font)),
        }
    }

    /// The kind of the next block: the list item itself for its first
    /// block, a paragraph for the item's later ones and outside lists.
    fn item_kind(&mut self) -> BlockKind {
        match self.lists.last() {
            Some(&number) if !self.item_started => {
                self.item_started = true;
                BlockKind::ListItem(number)
            }
            _ => BlockKind::Paragraph,
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            Tag::Paragraph | Tag::CodeBlock(_) | Tag::HtmlBlock => {
                self.flush();
                self.kind = Some(self.item_kind());
            }
            Tag::Heading { level, .. } => {
                self.flush();
                self.heading = true;
                self.kind = Some(BlockKind::Heading(level as u8));
            }
            Tag::List(start) => {
                self.flush();
                self.lists.push(start);
            }
            Tag::Item => {
                self.flush();
                self.item_started = false;
            }
            Tag::Emphasis => self.emphasis += 1,
            Tag::Strong => self.strong += 1,
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Paragraph | TagEnd::CodeBlock | TagEnd::HtmlBlock => self.flush(),
            TagEnd::Heading(_) => {
                self.flush();
                self.heading = false;
            }
            TagEnd::Item => {
                self.flush();
                if let Some(Some(n)) = self.lists.last_mut() {
                    *n += 1;
                }
                self.item_started = true;
            }
            TagEnd::List(_) => {
                self.flush();
                self.lists.pop();
                // Back in the enclosing item, whose first block is done.
                self.item_started = true;
            }
            TagEnd::Emphasis => self.emphasis = self.emphasis.saturating_sub(1),
            TagEnd::Strong => self.strong = self.strong.saturating_sub(1),
            _ => {}
        }
    }

    /// Ends the block being collected, trimmed, if it has any text.
    fn flush(&mut self) {
        let kind = self.kind.take();
        let mut spans = std::mem::take(&mut self.spans);
        // Trim the block as a whole: a span may be all space.
        while let Some(first) = spans.first_mut() {
            first.text = first.text.trim_start().to_string();
            if !first.text.is_empty() {
                break;
            }
            spans.remove(0);
        }
        while let Some(last) = spans.last_mut() {
            last.text = last.text.trim_end().to_string();
            if !last.text.is_empty() {
                break;
            }
            spans.pop();
        }
        spans.retain(|s| !s.text.is_empty());
        if let (Some(kind), false) = (kind, spans.is_empty()) {
            self.blocks.push(Block { kind, spans });
        }
    }
}
