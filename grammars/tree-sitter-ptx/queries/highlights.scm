; Comments and literals
(comment) @comment
(string_literal) @string
(integer_literal) @number
(float_literal) @number.float
(version_number) @number

; Instructions
(opcode) @function.builtin
(guard "@" @punctuation.special)
(guard negated: "!" @operator)

; Labels
(label_statement name: (identifier) @label)
(label_reference name: (identifier) @label)

; Functions
(function_definition name: (identifier) @function)
(function_declaration name: (identifier) @function)
(function_kind) @keyword.function
(linkage) @keyword.modifier

; Types and state spaces
(type) @type.builtin
(vector_type) @type.builtin
(state_space) @keyword.storage


; Directives
[
  ".version"
  ".target"
  ".address_size"
  ".alias"
  ".pragma"
  ".file"
  ".loc"
  ".section"
  ".callprototype"
  ".branchtargets"
  ".calltargets"
  ".align"
  ".attribute"
  ".ptr"
] @keyword.directive
(performance_directive name: (directive_name) @keyword.directive)
(dwarf_directive) @keyword.directive
(section_name) @module
(target_name) @constant.builtin
(attribute_name) @attribute
["function_name" "inlined_at" "generic"] @keyword

; Operands
(special_register_access register: (identifier) @variable.builtin)
(special_register_access component: (component) @property)
(parameter name: (identifier) @variable.parameter)
(declarator name: (identifier) @variable)
(sink) @variable.builtin
(identifier) @variable

; Punctuation
["(" ")" "[" "]" "{" "}"] @punctuation.bracket
["," ";" ":"] @punctuation.delimiter
["+" "-" "|" "!" "=" "<" ">"] @operator
