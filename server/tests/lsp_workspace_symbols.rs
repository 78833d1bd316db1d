//! `workspace/symbol` over the language server: kernels, functions and globals of the open
//! documents and of the workspace's files that are not open (read from disk), matched
//! fuzzily against the query, with Tile IR entries in their module.

use serde_json::{json, Value};
use speclint_test_support::lsp_client::*;
use std::path::{Path, PathBuf};

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

/// A workspace folder on disk, removed on drop.
struct Workspace(PathBuf);

impl Workspace {
    fn new() -> Workspace {
        let dir = std::env::temp_dir().join(format!(
            "speclint-workspace-symbols-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ));
        std::fs::create_dir_all(&dir).unwrap();
        Workspace(dir)
    }

    fn write(&self, relative: &str, text: &str) -> PathBuf {
        let path = self.0.join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for Workspace {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn file_uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

const KERNELS_PTX: &str = ".version 8.0\n.target sm_90\n.address_size 64\n\n.global .u32 hits;\n\n.func helper ()\n{\n    ret;\n}\n\n.visible .entry matmul_kernel(.param .u64 out)\n{\n    ret;\n}\n";

const TILE_MLIR: &str = "cuda_tile.module @kernels {\n  global @bias <f32: [1.0, 2.0]> : tile<2xf32>\n  entry @scale() {\n    return\n  }\n}\n";

const IGNORED_PTX: &str = ".version 8.0\n.target sm_90\n.address_size 64\n\n.visible .entry ignored_kernel()\n{\n    ret;\n}\n";

const SPIRV: &str = "OpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %k \"spirv_scale\"\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%k = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n";

/// (name, kind, container, file name, line) of each symbol, sorted.
fn shown(symbols: &Value) -> Vec<(String, u64, String, String, u64)> {
    let mut shown: Vec<_> = symbols
        .as_array()
        .unwrap_or_else(|| panic!("not a list: {symbols}"))
        .iter()
        .map(|s| {
            let uri = s["location"]["uri"].as_str().unwrap();
            (
                s["name"].as_str().unwrap().to_string(),
                s["kind"].as_u64().unwrap(),
                s["containerName"].as_str().unwrap_or("").to_string(),
                uri.rsplit('/').next().unwrap().to_string(),
                s["location"]["range"]["start"]["line"].as_u64().unwrap(),
            )
        })
        .collect();
    shown.sort();
    shown
}

const FUNCTION: u64 = 12;
const VARIABLE: u64 = 13;
const MODULE: u64 = 2;

#[test]
fn symbols_of_open_and_unopened_files_match_the_query() {
    let workspace = Workspace::new();
    let kernels = workspace.write("src/kernels.ptx", KERNELS_PTX);
    workspace.write("src/tile.mlir", TILE_MLIR);
    // Excluded by speclint.toml, hidden, or not a source: never read.
    workspace.write("speclint.toml", "[check]\nexclude = [\"generated/\"]\n");
    workspace.write("generated/ignored.ptx", IGNORED_PTX);
    workspace.write(".cache/ignored.ptx", IGNORED_PTX);
    workspace.write("notes.txt", ".visible .entry ignored_kernel()\n");
    // A second workspace folder, with a SPIR-V module: its entry point by name.
    let second = Workspace::new();
    second.write("shaders/scale.spvasm", SPIRV);

    let mut lsp = Lsp::spawn(SPECLINT);
    let root = file_uri(&workspace.0);
    let init = lsp.initialize_params(json!({
        "rootUri": root,
        "workspaceFolders": [
            {"uri": root, "name": "ws"},
            {"uri": file_uri(&second.0), "name": "second"},
        ],
    }));
    assert_eq!(
        init["capabilities"]["workspaceSymbolProvider"], true,
        "{init}"
    );
    // The PTX file is open, with an edit not on disk: its symbols come from the editor's text.
    let uri = file_uri(&kernels);
    let edited = KERNELS_PTX.replace("helper", "helper_v2");
    lsp.open(&uri, &edited);
    lsp.diagnostics(&uri, Some(1));

    let all = lsp.call("workspace/symbol", json!({"query": ""}));
    assert_eq!(
        shown(&all),
        [
            (
                "@bias".into(),
                VARIABLE,
                "@kernels".into(),
                "tile.mlir".into(),
                1
            ),
            ("@kernels".into(), MODULE, "".into(), "tile.mlir".into(), 0),
            (
                "@scale".into(),
                FUNCTION,
                "@kernels".into(),
                "tile.mlir".into(),
                2
            ),
            (
                "helper_v2".into(),
                FUNCTION,
                "".into(),
                "kernels.ptx".into(),
                6
            ),
            ("hits".into(), VARIABLE, "".into(), "kernels.ptx".into(), 4),
            (
                "matmul_kernel".into(),
                FUNCTION,
                "".into(),
                "kernels.ptx".into(),
                11
            ),
            (
                "spirv_scale".into(),
                FUNCTION,
                "".into(),
                "scale.spvasm".into(),
                6
            ),
        ]
    );
    // A subsequence, in any case, with or without the sigil.
    let names = |query: &str, lsp: &mut Lsp| -> Vec<String> {
        let found = lsp.call("workspace/symbol", json!({"query": query}));
        shown(&found).into_iter().map(|s| s.0).collect()
    };
    assert_eq!(names("MMK", &mut lsp), ["matmul_kernel"]);
    assert_eq!(names("scl", &mut lsp), ["@scale", "spirv_scale"]);
    assert_eq!(names("@b", &mut lsp), ["@bias"]);
    assert_eq!(names("hv2", &mut lsp), ["helper_v2"]);
    assert!(names("zzz", &mut lsp).is_empty());

    // A file changed on disk is read again.
    workspace.write(
        "src/tile.mlir",
        &TILE_MLIR.replace("@scale", "@scale_twice"),
    );
    assert_eq!(names("scl", &mut lsp), ["@scale_twice", "spirv_scale"]);
    let _: Value = lsp.call("shutdown", Value::Null);
}
