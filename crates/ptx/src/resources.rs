//! PTX's compiled findings: what ptxas `-v` says each kernel uses, against the kernel's
//! performance directives (`.maxntid`, `.reqntid`, `.maxnreg`, `.minnctapersm`) and the
//! launches its run comments give (PTX101 to PTX103), and the occupancy its compiler lens
//! shows. The target's limits come from the spec-db (`gpu/limits.toml`).

use super::ast::{Function, Item};
use super::compile::KernelResources;
use super::rules::{self, COMPILED_RULES};
use super::run;
use speclint_base::resources::{KernelLaunch, KernelOccupancy, ResourceCheck, ResourceReport};
use speclint_base::rules::Rule;
use speclint_base::run::runner::RunError;
use speclint_base::settings::LanguageSettings;
use speclint_base::text::{line_number, TextRange};
use speclint_sass::occupancy::{occupancy, BlockUse, Occupancy};
use speclint_spec_db::gpu::{arch_limits, ArchLimits};

pub struct PtxResources;

impl ResourceCheck for PtxResources {
    fn rules(&self) -> &'static [&'static Rule] {
        COMPILED_RULES
    }

    fn check(
        &self,
        text: &str,
        settings: &LanguageSettings,
        launches: &[KernelLaunch],
    ) -> Result<ResourceReport, RunError> {
        let arch =
            (settings.text("target").map(str::to_string)).or_else(|| run::compile_target(text));
        let default_block = settings.text("block-size").and_then(|text| {
            Some(DefaultBlock {
                threads: super::language::parse_block_size(text).ok()?,
                origin: settings.get("block-size")?.origin.unwrap_or("settings"),
            })
        });
        let (figures, report) = run::compile_with_ptxas(text, arch.clone())?;
        let compiled = Compiled {
            text,
            compiler: &report.compiler,
            limits: arch.as_deref().and_then(arch_limits),
            default_block,
        };
        let module = super::parse::parse(text);
        let mut findings = Vec::new();
        let mut occupancies = Vec::new();
        for function in module.items.iter().filter_map(|item| match item {
            Item::Function(f) if text.get(f.kind.start..f.kind.end) == Some(".entry") => Some(f),
            _ => None,
        }) {
            let Some(kernel) = Kernel::of(function, text) else {
                continue;
            };
            let Some(used) = figures.kernels.iter().find(|k| k.kernel == kernel.name) else {
                continue;
            };
            let launches: Vec<&KernelLaunch> = launches
                .iter()
                .filter(|l| l.kernel == kernel.name)
                .collect();
            findings.extend(rules::kernel_spills::check(&kernel, used, &compiled));
            findings.extend(rules::local_stack_frame::check(&kernel, used, &compiled));
            findings.extend(rules::registers_exceed_launch_bounds::check(
                &kernel, used, &launches, &compiled,
            ));
            if let Some(summary) = occupancy_summary(&kernel, used, &launches, &compiled) {
                occupancies.push(KernelOccupancy {
                    kernel: kernel.name.to_string(),
                    summary,
                });
            }
        }
        Ok(ResourceReport {
            report,
            findings,
            occupancy: occupancies,
        })
    }
}

/// What the checks know of one compile.
pub(crate) struct Compiled<'a> {
    pub text: &'a str,
    /// `sm_80 (ptxas 13.5.37)`.
    pub compiler: &'a str,
    /// The target's limits, where the spec-db has them.
    pub limits: Option<&'static ArchLimits>,
    /// The block size the settings give kernels that declare none.
    pub default_block: Option<DefaultBlock>,
}

/// `[ptx] block-size`, and where it was set.
#[derive(Clone, Copy)]
pub(crate) struct DefaultBlock {
    pub threads: u32,
    pub origin: &'static str,
}

impl DefaultBlock {
    /// "`block-size` from speclint.toml", as messages and lenses name it.
    pub fn cited(&self) -> String {
        format!("`block-size` from {}", self.origin)
    }
}

impl Compiled<'_> {
    pub fn line(&self, range: TextRange) -> usize {
        line_number(self.text, range.start)
    }
}

/// A kernel's header: its name and performance directives.
pub(crate) struct Kernel<'a> {
    pub name: &'a str,
    pub name_range: TextRange,
    pub directives: Vec<Directive<'a>>,
    /// The kernel's whole text, header and body.
    pub source: &'a str,
}

/// `.maxntid 256, 1, 1`: the keyword, its numbers and the range of both.
pub(crate) struct Directive<'a> {
    pub keyword: &'a str,
    pub values: Vec<u64>,
    pub range: TextRange,
}

impl Directive<'_> {
    /// The directive as written, in one line (`.maxntid 256, 1, 1`).
    pub fn shown(&self, text: &str) -> String {
        let written = text.get(self.range.start..self.range.end).unwrap_or("");
        written.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// ``.maxnreg 16` (line 5)`, as messages name it.
    pub fn cited(&self, compiled: &Compiled<'_>) -> String {
        format!(
            "`{}` (line {})",
            self.shown(compiled.text),
            compiled.line(self.range)
        )
    }
}

impl<'a> Kernel<'a> {
    fn of(function: &Function, text: &'a str) -> Option<Kernel<'a>> {
        let name_range = function.name?;
        let directives = function
            .directives
            .iter()
            .map(|&keyword| directive(text, keyword))
            .collect();
        Some(Kernel {
            name: text.get(name_range.start..name_range.end)?,
            name_range,
            directives,
            source: text.get(function.range.start..function.range.end)?,
        })
    }

    pub fn directive(&self, keyword: &str) -> Option<&Directive<'a>> {
        self.directives.iter().find(|d| d.keyword == keyword)
    }

    /// The block size the kernel declares: `.reqntid`'s, else `.maxntid`'s (threads), with
    /// the directive.
    pub fn declared_block(&self) -> Option<(u32, &Directive<'a>)> {
        let directive = self
            .directive(".reqntid")
            .or_else(|| self.directive(".maxntid"))?;
        let threads = directive.values.iter().product::<u64>();
        Some((u32::try_from(threads).ok()?, directive))
    }

    /// `; under `.maxnreg 16` (line 5)`: the directives that bound the kernel's registers.
    pub fn register_bounds(&self, compiled: &Compiled<'_>) -> String {
        let bounds: Vec<String> = self
            .directives
            .iter()
            .filter(|d| {
                matches!(
                    d.keyword,
                    ".maxnreg" | ".maxntid" | ".reqntid" | ".minnctapersm"
                )
            })
            .map(|d| d.cited(compiled))
            .collect();
        if bounds.is_empty() {
            String::new()
        } else {
            format!(", under {}", bounds.join(" and "))
        }
    }
}

/// The directive whose keyword is `keyword`, with the numbers written after it.
fn directive(text: &str, keyword: TextRange) -> Directive<'_> {
    let rest = text.get(keyword.end..).unwrap_or("");
    let mut values = Vec::new();
    let mut end = keyword.end;
    let mut offset = 0;
    let bytes = rest.as_bytes();
    loop {
        while offset < bytes.len() && matches!(bytes[offset], b' ' | b'\t') {
            offset += 1;
        }
        let start = offset;
        while offset < bytes.len() && bytes[offset].is_ascii_digit() {
            offset += 1;
        }
        let Some(value) = rest.get(start..offset).and_then(|n| n.parse().ok()) else {
            break;
        };
        values.push(value);
        end = keyword.end + offset;
        while offset < bytes.len() && matches!(bytes[offset], b' ' | b'\t') {
            offset += 1;
        }
        if bytes.get(offset) != Some(&b',') {
            break;
        }
        offset += 1;
    }
    Directive {
        keyword: text.get(keyword.start..keyword.end).unwrap_or(""),
        values,
        range: TextRange::new(keyword.start, end),
    }
}

/// What one block of `threads` threads uses, by ptxas's figures.
pub(crate) fn block_use(used: &KernelResources, threads: u32, dynamic_shared: u64) -> BlockUse {
    BlockUse {
        threads,
        registers: used.registers,
        static_shared: used.shared,
        dynamic_shared,
        barriers: used.barriers,
    }
}

/// `occupancy at 256 threads (`.reqntid`): 4 blocks · …`, for the block size a run comment
/// launches the kernel with, else the one it declares.
fn occupancy_summary(
    kernel: &Kernel<'_>,
    used: &KernelResources,
    launches: &[&KernelLaunch],
    compiled: &Compiled<'_>,
) -> Option<String> {
    let limits = compiled.limits?;
    let (threads, dynamic_shared, from) = match launches.first() {
        Some(launch) => (
            launch.threads,
            launch.dynamic_shared,
            "run comment".to_string(),
        ),
        None => match (kernel.declared_block(), compiled.default_block) {
            (Some((threads, directive)), _) => (threads, 0, format!("`{}`", directive.keyword)),
            (None, Some(default)) => (default.threads, 0, default.cited()),
            (None, None) => return None,
        },
    };
    let found: Occupancy =
        occupancy(limits, block_use(used, threads, dynamic_shared), None).ok()?;
    Some(format!(
        "occupancy at {threads} threads ({from}): {}",
        found.summary()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kernel_of(text: &str) -> Kernel<'_> {
        let module = super::super::parse::parse(text);
        let function = module
            .items
            .iter()
            .find_map(|item| match item {
                Item::Function(f) => Some(f),
                _ => None,
            })
            .unwrap();
        Kernel::of(function, text).unwrap()
    }

    #[test]
    fn directives_keep_their_numbers_and_lines() {
        let text = ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n.maxntid 256, 2, 1\n.maxnreg 40\n{\nret;\n}\n";
        let kernel = kernel_of(text);
        assert_eq!(kernel.name, "k");
        let maxntid = kernel.directive(".maxntid").unwrap();
        assert_eq!(maxntid.values, vec![256, 2, 1]);
        assert_eq!(maxntid.shown(text), ".maxntid 256, 2, 1");
        assert_eq!(kernel.declared_block().unwrap().0, 512);
        assert_eq!(kernel.directive(".maxnreg").unwrap().values, vec![40]);
        let compiled = Compiled {
            text,
            compiler: "sm_80 (ptxas)",
            limits: arch_limits("sm_80"),
            default_block: None,
        };
        assert_eq!(
            kernel.register_bounds(&compiled),
            ", under `.maxntid 256, 2, 1` (line 5) and `.maxnreg 40` (line 6)"
        );
    }

    #[test]
    fn reqntid_wins_over_maxntid() {
        let text = ".visible .entry k()\n.maxntid 1024\n.reqntid 128, 1, 1\n{\nret;\n}\n";
        let (threads, directive) = kernel_of(text)
            .declared_block()
            .map(|(t, d)| (t, d.keyword))
            .unwrap();
        assert_eq!((threads, directive), (128, ".reqntid"));
    }
}
