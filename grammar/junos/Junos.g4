// Junos configuration, in both of its textual forms:
//  - hierarchical: `interfaces { ge-0/0/0 { unit 0 { family inet address 10.0.0.1/30; } } }`
//  - set form: one `set|delete|deactivate|activate <path>` command per line.
// The lexer is told which form it reads (braceForm): newlines end a set command but are
// insignificant in the hierarchical form, where `;` and braces delimit statements.
grammar Junos;

@lexer::members {
  bool braceForm = true;
}

// ---- hierarchical form -------------------------------------------------------------
braceConfig : statement* EOF ;

statement
  : modifier* words+=word+ SEMI                        # leafStatement
  | modifier* words+=word+ LBRACE statement* RBRACE    # blockStatement
  | SEMI                                               # emptyStatement
  ;

modifier : INACTIVE | PROTECT | REPLACE ;

// ---- set form ----------------------------------------------------------------------
setConfig : setLine* EOF ;

setLine
  : verb=(SET | DELETE | DEACTIVATE | ACTIVATE) words+=word+ lineEnd   # setCommand
  | words+=word+ lineEnd                                               # otherCommand
  // The line a Junos CLI prints above its prompt on chassis clusters and virtual chassis
  // (`{master:0}`, `{primary:node0}`), pasted into saved configs with them: no statement.
  | LBRACE word RBRACE lineEnd                                         # promptBanner
  | NEWLINE                                                            # blankLine
  ;

lineEnd : NEWLINE | EOF ;

// ---- shared ------------------------------------------------------------------------
word
  : WORD
  | STRING
  | SET | DELETE | DEACTIVATE | ACTIVATE
  | LBRACK items+=listItem* RBRACK
  ;

listItem : WORD | STRING | SET | DELETE | DEACTIVATE | ACTIVATE ;

// ---- tokens ------------------------------------------------------------------------
INACTIVE : 'inactive:' ;
PROTECT : 'protect:' ;
REPLACE : 'replace:' ;
SET : 'set' ;
DELETE : 'delete' ;
DEACTIVATE : 'deactivate' ;
ACTIVATE : 'activate' ;

LBRACE : '{' ;
RBRACE : '}' ;
LBRACK : '[' ;
RBRACK : ']' ;
SEMI : ';' ;

STRING : '"' ( '\\' . | ~["\\] )* '"' ;

// `#` starts a comment only where a word could start; inside a word it is a character.
LINE_COMMENT : '#' ~[\r\n]* -> skip ;
BLOCK_COMMENT : '/*' .*? '*/' -> skip ;

WORD : ~[ \t\r\n;{}[\]"#] ~[ \t\r\n;{}[\]"]* ;

NEWLINE : '\r'? '\n' { if (braceForm) setChannel(HIDDEN); } ;
WS : [ \t\f]+ -> skip ;
