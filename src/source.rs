//! The texts a session has loaded, so a diagnostic can show the line it is about.

use miette::NamedSource;

use crate::syntax::SourceId;

#[derive(Debug, Default, Clone)]
pub struct Sources {
    files: Vec<(String, std::sync::Arc<String>)>,
}

impl Sources {
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> SourceId {
        self.files
            .push((name.into(), std::sync::Arc::new(text.into())));
        SourceId((self.files.len() - 1) as u32)
    }

    pub fn text(&self, id: SourceId) -> &str {
        self.files
            .get(id.0 as usize)
            .map(|(_, t)| t.as_str())
            .unwrap_or("")
    }

    pub fn name(&self, id: SourceId) -> &str {
        self.files
            .get(id.0 as usize)
            .map(|(n, _)| n.as_str())
            .unwrap_or("<unknown>")
    }

    pub fn named(&self, id: SourceId) -> NamedSource<String> {
        NamedSource::new(self.name(id), self.text(id).to_string())
    }
}
