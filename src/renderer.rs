//! Which renderer draws the window, as the command line names it (`--renderer`). It stands
//! below the window (`gui`) so that the command line chooses one without importing the
//! window; the window turns it into eframe's and falls back from one to the other
//! (`gui/renderer.rs`, which also says why glow is the default).

/// One of eframe's renderers, as the command line names it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Renderer {
    /// OpenGL through glow (GLX or EGL): the cheapest per frame on Mesa's software renderer.
    #[default]
    Glow,
    /// wgpu (Vulkan, or OpenGL ES through EGL).
    Wgpu,
}

impl Renderer {
    /// The renderer tried when this one cannot start.
    #[must_use]
    pub fn other(self) -> Renderer {
        match self {
            Renderer::Glow => Renderer::Wgpu,
            Renderer::Wgpu => Renderer::Glow,
        }
    }

    /// The name the command line takes.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Renderer::Glow => "glow",
            Renderer::Wgpu => "wgpu",
        }
    }
}
