//! Composition: the one stage that turns a plan and the components'
//! frames into pages. Each placement of the plan asks its component for
//! the frame of its part and places it on the page with a transform;
//! cells of one grid are laid out once and placed many times.

use std::collections::HashMap;

use crate::error::Failure;
use crate::kit::component::{Component, Context, Part, Planned};
use crate::kit::error::KitError;
use crate::kit::plan::Plan;
use crate::layout::Page;
use crate::layout::frame::Frame;

/// The pages of a planned kit, in document order.
pub fn compose(
    cx: &Context,
    components: &[Box<dyn Component>],
    plan: &Plan,
) -> Result<Vec<Page>, KitError> {
    let kit = Planned { components, plan };
    let mut cells: HashMap<(usize, usize), Frame> = HashMap::new();
    let mut pages = Vec::with_capacity(plan.sides.len());
    for side in &plan.sides {
        let mut items = Vec::with_capacity(side.placements.len());
        for p in &side.placements {
            let component = components
                .get(p.component)
                .ok_or_else(|| Failure::internal("a placement names no component"))?;
            let frame = match p.part {
                Part::Cell { flow } => match cells.get(&(p.component, flow)) {
                    Some(f) => f.clone(),
                    None => {
                        let f = component.layout(cx, &kit, p.part)?;
                        cells.insert((p.component, flow), f.clone());
                        f
                    }
                },
                _ => component.layout(cx, &kit, p.part)?,
            };
            items.push(frame.placed(p.at, p.turn));
        }
        pages.push(Page {
            size: side.size,
            label: side.label.clone(),
            items,
        });
    }
    Ok(pages)
}
