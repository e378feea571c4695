//! Which of eframe's two renderers draws the window, and the fall-back to the other one.
//!
//! Both are compiled in. Without a GPU (Xvfb, many virtual machines and remote desktops)
//! each draws through Mesa on the CPU, and there a repaint of this window costs less than
//! half as much with glow (OpenGL) as with wgpu, whose Vulkan path through Mesa does more
//! work per frame and varies more: `scripts/repaint-cost.sh` measures the CPU time per
//! repaint of both. With a GPU both are cheap for a board and a side panel. So glow is the
//! default; wgpu is there on request (`--renderer wgpu`) and as the fall-back where OpenGL
//! cannot start (no GL or EGL library, a driver without the GL version egui needs), and
//! glow is the fall-back for wgpu in the same way. Only a renderer's own failure hands over:
//! a display that cannot be reached, or an app that failed, would fail the other renderer
//! the same way.

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

/// What a failed start of the window was the fault of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The display: the event loop's connection, or a window it refused. The other renderer
    /// would meet the same.
    Display,
    /// The renderer could not start (no GL or EGL library, no adapter, no surface): the
    /// other one may.
    Renderer,
    /// The app failed as it was made.
    App,
}

/// Whose fault eframe's `error` is.
#[must_use]
pub fn failure(error: &eframe::Error) -> Failure {
    match error {
        eframe::Error::WinitEventLoop(_) | eframe::Error::Winit(_) => Failure::Display,
        eframe::Error::AppCreation(_) => Failure::App,
        eframe::Error::Glutin(_)
        | eframe::Error::NoGlutinConfigs(..)
        | eframe::Error::OpenGL(_)
        | eframe::Error::Wgpu(_) => Failure::Renderer,
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

/// Opens the window with `first`; if that renderer fails before the app is created (as
/// `failure` classes the error), says so through `warn` and opens it with the other one.
/// The error returned is the last one.
pub fn with_fallback<E: Display>(
    first: Renderer,
    mut open: impl FnMut(Renderer) -> Attempt<E>,
    failure: impl Fn(&E) -> Failure,
    mut warn: impl FnMut(String),
) -> Result<(), E> {
    let attempt = open(first);
    match attempt.result {
        Err(e) if !attempt.app_created && failure(&e) == Failure::Renderer => {
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

    /// A scripted error: whose fault it is, and its words.
    #[derive(Debug, PartialEq)]
    struct Scripted(Failure, &'static str);

    impl Display for Scripted {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(self.1)
        }
    }

    /// Runs `with_fallback` from `first` over scripted attempts; returns the renderers
    /// tried, the warnings and the result.
    fn run(
        first: Renderer,
        mut attempts: Vec<Attempt<Scripted>>,
    ) -> (Vec<Renderer>, Vec<String>, Result<(), Scripted>) {
        attempts.reverse();
        let (mut tried, mut warnings) = (Vec::new(), Vec::new());
        let result = with_fallback(
            first,
            |renderer| {
                tried.push(renderer);
                attempts.pop().expect("no more attempts than scripted")
            },
            |error| error.0,
            |warning| warnings.push(warning),
        );
        (tried, warnings, result)
    }

    /// The renderer failed with `why` before the app was created.
    fn renderer_failed(why: &'static str) -> Attempt<Scripted> {
        failed(Failure::Renderer, why, false)
    }

    fn failed(failure: Failure, why: &'static str, app_created: bool) -> Attempt<Scripted> {
        Attempt {
            result: Err(Scripted(failure, why)),
            app_created,
        }
    }

    const OK: Attempt<Scripted> = Attempt {
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
        let (tried, warnings, result) = run(Renderer::Glow, vec![renderer_failed("no GL"), OK]);
        assert_eq!(tried, [Renderer::Glow, Renderer::Wgpu]);
        assert_eq!(
            warnings,
            ["the glow renderer could not start (no GL); trying wgpu"]
        );
        assert_eq!(result, Ok(()));

        let (tried, _, result) = run(Renderer::Wgpu, vec![renderer_failed("no adapter"), OK]);
        assert_eq!(tried, [Renderer::Wgpu, Renderer::Glow]);
        assert_eq!(result, Ok(()));
    }

    #[test]
    fn when_neither_starts_the_second_error_is_returned() {
        let (tried, warnings, result) = run(
            Renderer::Glow,
            vec![renderer_failed("no GL"), renderer_failed("no adapter")],
        );
        assert_eq!(tried, [Renderer::Glow, Renderer::Wgpu]);
        assert_eq!(warnings.len(), 1);
        assert_eq!(result, Err(Scripted(Failure::Renderer, "no adapter")));
    }

    #[test]
    fn an_error_after_the_app_started_is_not_retried() {
        assert_eq!(
            run(
                Renderer::Glow,
                vec![failed(Failure::Renderer, "lost the context", true)]
            ),
            (
                vec![Renderer::Glow],
                vec![],
                Err(Scripted(Failure::Renderer, "lost the context"))
            )
        );
    }

    #[test]
    fn a_display_that_fails_is_not_blamed_on_the_renderer() {
        let lost = "could not connect to the display";
        assert_eq!(
            run(Renderer::Glow, vec![failed(Failure::Display, lost, false)]),
            (
                vec![Renderer::Glow],
                vec![],
                Err(Scripted(Failure::Display, lost))
            )
        );
        let (tried, warnings, _) = run(
            Renderer::Wgpu,
            vec![failed(Failure::App, "the app failed", false)],
        );
        assert_eq!((tried, warnings.len()), (vec![Renderer::Wgpu], 0));
    }

    #[test]
    fn eframes_errors_are_classed_by_whose_fault_they_are() {
        use winit::error::EventLoopError;
        let recreated = eframe::Error::WinitEventLoop(EventLoopError::RecreationAttempt);
        assert_eq!(failure(&recreated), Failure::Display);
        let no_surface =
            eframe::Error::Wgpu(eframe::egui_wgpu::WgpuError::NoSurfaceFormatsAvailable);
        assert_eq!(failure(&no_surface), Failure::Renderer);
        let app = eframe::Error::AppCreation("the settings could not be read".into());
        assert_eq!(failure(&app), Failure::App);
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
