//! Which of eframe's two renderers draws the window, and the fall-back to the other one.
//!
//! Both are compiled in. Without a GPU (Xvfb, many virtual machines and remote desktops)
//! each draws through Mesa on the CPU, and there a repaint of this window costs less than
//! half as much with glow (OpenGL) as with wgpu, whose Vulkan path through Mesa does more
//! work per frame and varies more: `scripts/repaint-cost.sh` measures the CPU time per
//! repaint of both. With a GPU both are cheap for a board and a side panel. So glow is the
//! default; wgpu is there on request (`--renderer wgpu`) and as the fall-back where OpenGL
//! cannot start (no GL or EGL library, a driver without the GL version egui needs), and
//! glow is the fall-back for wgpu in the same way.

use std::fmt::Display;

pub use crate::renderer::Renderer;

impl From<Renderer> for eframe::Renderer {
    fn from(renderer: Renderer) -> eframe::Renderer {
        match renderer {
            Renderer::Glow => eframe::Renderer::Glow,
            Renderer::Wgpu => eframe::Renderer::Wgpu,
        }
    }
}

/// How one attempt to open the window ended.
#[derive(Debug)]
pub struct Attempt<E> {
    /// What the window's run returned.
    pub result: Result<(), E>,
    /// Whether the app had been created (the renderer had started) before it returned: an
    /// error after that is the app's own, and trying the other renderer would start the
    /// game a second time.
    pub app_created: bool,
}

/// Opens the window with `first`; if that renderer fails before the app is created, says
/// so through `warn` and opens it with the other one. The error returned is the last one.
pub fn with_fallback<E: Display>(
    first: Renderer,
    mut open: impl FnMut(Renderer) -> Attempt<E>,
    mut warn: impl FnMut(String),
) -> Result<(), E> {
    let attempt = open(first);
    match attempt.result {
        Err(e) if !attempt.app_created => {
            let second = first.other();
            warn(format!(
                "the {} renderer could not start ({e}); trying {}",
                first.name(),
                second.name()
            ));
            open(second).result
        }
        result => result,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `with_fallback` from `first` over scripted attempts; returns the renderers
    /// tried, the warnings and the result.
    fn run(
        first: Renderer,
        mut attempts: Vec<Attempt<String>>,
    ) -> (Vec<Renderer>, Vec<String>, Result<(), String>) {
        attempts.reverse();
        let (mut tried, mut warnings) = (Vec::new(), Vec::new());
        let result = with_fallback(
            first,
            |renderer| {
                tried.push(renderer);
                attempts.pop().expect("no more attempts than scripted")
            },
            |warning| warnings.push(warning),
        );
        (tried, warnings, result)
    }

    fn failed(why: &str, app_created: bool) -> Attempt<String> {
        Attempt {
            result: Err(why.to_owned()),
            app_created,
        }
    }

    const OK: Attempt<String> = Attempt {
        result: Ok(()),
        app_created: true,
    };

    #[test]
    fn a_renderer_that_starts_is_the_only_one_tried() {
        assert_eq!(
            run(Renderer::Glow, vec![OK]),
            (vec![Renderer::Glow], vec![], Ok(()))
        );
    }

    #[test]
    fn a_renderer_that_cannot_start_hands_over_to_the_other_and_says_so() {
        let (tried, warnings, result) = run(Renderer::Glow, vec![failed("no GL", false), OK]);
        assert_eq!(tried, [Renderer::Glow, Renderer::Wgpu]);
        assert_eq!(
            warnings,
            ["the glow renderer could not start (no GL); trying wgpu"]
        );
        assert_eq!(result, Ok(()));

        let (tried, _, result) = run(Renderer::Wgpu, vec![failed("no adapter", false), OK]);
        assert_eq!(tried, [Renderer::Wgpu, Renderer::Glow]);
        assert_eq!(result, Ok(()));
    }

    #[test]
    fn when_neither_starts_the_second_error_is_returned() {
        let (tried, warnings, result) = run(
            Renderer::Glow,
            vec![failed("no GL", false), failed("no adapter", false)],
        );
        assert_eq!(tried, [Renderer::Glow, Renderer::Wgpu]);
        assert_eq!(warnings.len(), 1);
        assert_eq!(result, Err("no adapter".to_owned()));
    }

    #[test]
    fn an_error_after_the_app_started_is_not_retried() {
        assert_eq!(
            run(Renderer::Glow, vec![failed("lost the display", true)]),
            (
                vec![Renderer::Glow],
                vec![],
                Err("lost the display".to_owned())
            )
        );
    }

    #[test]
    fn each_renderer_maps_to_eframes_and_back_by_name() {
        for renderer in [Renderer::Glow, Renderer::Wgpu] {
            assert_eq!(renderer.other().other(), renderer);
            assert_ne!(renderer.other(), renderer);
            let parsed = <Renderer as clap::ValueEnum>::from_str(renderer.name(), false);
            assert_eq!(parsed, Ok(renderer));
            assert_eq!(
                eframe::Renderer::from(renderer).to_string(),
                renderer.name()
            );
        }
    }
}
