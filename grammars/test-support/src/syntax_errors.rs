//! Lists the ERROR and MISSING nodes of a tree. Shared by the grammar crates' tests and by
//! [`crate::real_files`].

/// Every ERROR / MISSING node under `node` as `line:col ERROR` or `line:col MISSING kind`
/// (1-based, relative to the parsed text), in document order.
pub fn problems(node: tree_sitter::Node, out: &mut Vec<String>) {
    if node.is_error() || node.is_missing() {
        let p = node.start_position();
        let what = if node.is_missing() {
            format!("MISSING {}", node.kind())
        } else {
            "ERROR".to_string()
        };
        out.push(format!("{}:{} {}", p.row + 1, p.column + 1, what));
        if node.is_missing() {
            return;
        }
    }
    if !node.has_error() {
        return;
    }
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        problems(child, out);
    }
}
