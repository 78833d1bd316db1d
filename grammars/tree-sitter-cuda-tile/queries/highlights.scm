; Comments and literals
(comment) @comment
(split_marker) @comment.note
(string_literal) @string
(integer_literal) @number
(float_literal) @number.float
(boolean_literal) @boolean
(dimension) @number

; Operations
(operation name: (op_name) @function.builtin)
(keyword) @keyword.modifier

; Symbol-defining ops
[
  "cuda_tile.module"
  "module"
  "builtin.module"
  "entry"
  "cuda_tile.entry"
  "global"
  "cuda_tile.global"
] @keyword
(module name: (symbol) @module)
(entry name: (symbol) @function)
(global name: (symbol) @variable.global)
(visibility) @keyword.modifier
(global "constant" @keyword.modifier)
["attributes" "alignment" "else" "dense"] @keyword

; Values, symbols, blocks
(value_name) @variable
(value_use) @variable
(block_argument name: (value_name) @variable.parameter)
(symbol) @constant
(block_id) @label

; Types
(element_type) @type.builtin
[
  "tile" "!cuda_tile.tile"
  "ptr" "!cuda_tile.ptr"
  "token" "!cuda_tile.token"
  "tensor_view" "!cuda_tile.tensor_view"
  "partition_view" "!cuda_tile.partition_view"
  "strided_view" "!cuda_tile.strided_view"
  "gather_scatter_view" "!cuda_tile.gather_scatter_view"
] @type.builtin
(type_alias) @type.definition
(dialect_type_name) @type
["strides" "dim_map" "traversal_strides" "padding_value" "sparse_dim"] @property
(partition_view_type "tile" @property)
(strided_view_type "tile" @property)
(gather_scatter_view_type "tile" @property)
(padding_value) @constant.builtin
"x" @punctuation.delimiter

; Attributes
(attribute name: (attribute_name) @attribute)
(attribute_alias) @attribute
(named_attribute name: (identifier) @property)

; Locations
["loc" "callsite" "at" "fused" "to"] @keyword.debug
(unknown_location) @constant.builtin

; Punctuation
["(" ")" "[" "]" "{" "}" "<" ">"] @punctuation.bracket
["," ":"] @punctuation.delimiter
["=" "->" "?"] @operator
