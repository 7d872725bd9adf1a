// Lexer for the Cisco IOS family (IOS / IOS-XE and the FRRouting dialect).
// Line-oriented: NEWLINE is a token, so every parser rule ends at a line boundary and
// error recovery never crosses lines. Words that are not keywords lex as WORD, and any
// byte sequence lexes as something (WORD or a keyword), so the lexer never fails.
lexer grammar IosLexer;

@lexer::members {
  // A line that is blank or holds only a comment emits no NEWLINE, so it costs no token and
  // no parse-tree node: the walker ignores such lines, and a 200 MB file of comments made
  // millions of each. True once the current line has produced a token.
  bool lineHasToken = false;
  std::unique_ptr<antlr4::Token> nextToken() override {
    auto token = antlr4::Lexer::nextToken();
    lineHasToken = token->getType() != NEWLINE && token->getType() != antlr4::Token::EOF;
    return token;
  }

  // `banner` opens a banner only as the first word of a line.
  bool atLineStart() {
    for (size_t i = tokenStartCharIndex; i > 0; --i) {
      std::string c = _input->getText(antlr4::misc::Interval(i - 1, i - 1));
      if (c == "\n" || c == "\r") return true;
      if (c != " " && c != "\t") return false;
    }
    return true;
  }

  // A delimited banner (`banner motd ^C ... ^C`, or any single-character delimiter) may span
  // many lines. The rule has matched the opening delimiter; swallow the text up to and
  // including the closing one (or to the end of input) as the same token. Consuming through
  // the ATN simulator keeps line numbers right for the tokens that follow.
  void consumeBannerBody() {
    size_t first = _input->LA(-1);
    bool caretC = getText() == "^C";
    auto closesAt = [&](ssize_t k) {
      return caretC ? _input->LA(k) == '^' && _input->LA(k + 1) == 'C' : _input->LA(k) == first;
    };
    ssize_t k = 1;
    while (_input->LA(k) != antlr4::IntStream::EOF && !closesAt(k)) ++k;
    size_t count;
    if (_input->LA(k) != antlr4::IntStream::EOF) {
      count = static_cast<size_t>(k - 1) + (caretC ? 2 : 1);
    } else {  // unterminated: leave the last line break, every line ends in NEWLINE
      count = static_cast<size_t>(k - 1);
      while (count > 0 && (_input->LA(count) == '\n' || _input->LA(count) == '\r')) --count;
    }
    auto* sim = getInterpreter<antlr4::atn::LexerATNSimulator>();
    for (size_t i = 0; i < count; ++i) sim->consume(_input);
  }
}

// ---- keywords (lowercase, as `show running-config` and FRR print them) -----------------
ACCESS_GROUP : 'access-group';
ACCESS_LIST : 'access-list';
ACTIVATE : 'activate';
ADDPATH_TX_ALL_PATHS : 'addpath-tx-all-paths';
ADDPATH_TX_BESTPATH_PER_AS : 'addpath-tx-bestpath-per-AS';
ADDITIVE : 'additive';
ADDRESS : 'address';
ADDRESS_FAMILY : 'address-family';
ADVERTISE : 'advertise';
AF_INTERFACE : 'af-interface';
AGGREGATE_ADDRESS : 'aggregate-address';
ALLOWAS_IN : 'allowas-in';
ALWAYS : 'always';
ALWAYS_COMPARE_MED : 'always-compare-med';
ANY : 'any';
AREA : 'area';
AS_PATH : 'as-path';
AS_SET : 'as-set';
AS_OVERRIDE : 'as-override';
ATTRIBUTE_MAP : 'attribute-map';
AUTO_COST : 'auto-cost';
AUTONOMOUS_SYSTEM : 'autonomous-system';
BACKDOOR : 'backdoor';
BANDWIDTH : 'bandwidth';
BESTPATH : 'bestpath';
BGP : 'bgp';
BLACKHOLE : 'blackhole';
BOTH : 'both';
CALL : 'call';
CLUSTER_ID : 'cluster-id';
COMMUNITY : 'community';
COMMUNITY_LIST : 'community-list';
COMM_LIST : 'comm-list';
COMPARE_ROUTERID : 'compare-routerid';
CONFED : 'confed';
CONFEDERATION : 'confederation';
CONNECTED : 'connected';
CONTINUE : 'continue';
COST : 'cost';
DEFAULT : 'default';
DEFAULTS : 'defaults';
DEFAULT_INFORMATION : 'default-information';
DEFAULT_COST : 'default-cost';
DEFAULT_METRIC : 'default-metric';
DEFAULT_ORIGINATE : 'default-originate';
DELETE : 'delete';
DELAY : 'delay';
DENY : 'deny';
DESCRIPTION : 'description';
DETERMINISTIC_MED : 'deterministic-med';
DISTANCE : 'distance';
DISTRIBUTE_LIST : 'distribute-list';
EBGP_MULTIHOP : 'ebgp-multihop';
EBGP_REQUIRES_POLICY : 'ebgp-requires-policy';
ECMP : 'ecmp';
EIBGP : 'eibgp';
EGP : 'egp';
EIGRP : 'eigrp';
END : 'end';
EQ : 'eq';
ESTABLISHED : 'established';
EUI_64 : 'eui-64';
EXACT_MATCH : 'exact-match';
EXCLUDE : 'exclude';
EXIT : 'exit';
EXIT_ADDRESS_FAMILY : 'exit-address-family';
EXIT_AF_INTERFACE : 'exit-af-interface';
EXIT_AF_TOPOLOGY : 'exit-af-topology';
EXIT_VRF : 'exit-vrf';
EXPANDED : 'expanded';
EXTENDED : 'extended';
EXTCOMMUNITY : 'extcommunity';
EXTCOMMUNITY_LIST : 'extcommunity-list';
EXTERNAL : 'external';
FILTER_LIST : 'filter-list';
FORWARDING : 'forwarding';
FRR : 'frr';
GE : 'ge';
GOTO : 'goto';
GROUP : 'group';
GT : 'gt';
HOST : 'host';
HOSTNAME : 'hostname';
IBGP : 'ibgp';
IGNORE : 'ignore';
IGP : 'igp';
IDENTIFIER : 'identifier';
IMPORT_CHECK : 'import-check';
IN : 'in';
INCOMPLETE : 'incomplete';
INTERFACE : 'interface';
INTERNAL : 'internal';
IP : 'ip';
IPV4 : 'ipv4';
IPV4_UNICAST : 'ipv4-unicast';
IPV6_UNICAST : 'ipv6-unicast';
IPV6 : 'ipv6';
L2VPN : 'l2vpn';
LARGE_COMMUNITY : 'large-community';
LARGE_COMMUNITY_LIST : 'large-community-list';
LAST_AS : 'last-as';
LE : 'le';
LINK_LOCAL : 'link-local';
LOCAL_AS : 'local-as';
LOCAL_PREFERENCE : 'local-preference';
LOCAL_ROLE : 'local-role';
LOG : 'log';
LOG_INPUT : 'log-input';
LT : 'lt';
MASK : 'mask';
MATCH : 'match';
MAXIMUM_PATHS : 'maximum-paths';
MED : 'med';
MEMBER : 'member';
METRIC : 'metric';
METRIC_TYPE : 'metric-type';
MISSING_AS_WORST : 'missing-as-worst';
MULTICAST : 'multicast';
MULTIPATH_RELAX : 'multipath-relax';
NAME : 'name';
NEIGHBOR : 'neighbor';
NEQ : 'neq';
NETWORK : 'network';
NEXT : 'next';
NEXT_HOP : 'next-hop';
NEXT_HOP_SELF : 'next-hop-self';
NO : 'no';
NONE : 'none';
NOT_ADVERTISE : 'not-advertise';
NO_PREPEND : 'no-prepend';
NO_SUMMARY : 'no-summary';
NSSA : 'nssa';
ON_MATCH : 'on-match';
ORIGIN : 'origin';
ORIGINATE : 'originate';
OSPF : 'ospf';
OSPF6 : 'ospf6';
OUT : 'out';
PASSIVE : 'passive';
PASSIVE_INTERFACE : 'passive-interface';
PEER : 'peer';
PEER_ADDRESS : 'peer-address';
PEER_GROUP : 'peer-group';
PEERS : 'peers';
PERMANENT : 'permanent';
PERMIT : 'permit';
POINT_TO_POINT : 'point-to-point';
PREFIX_LIST : 'prefix-list';
PREPEND : 'prepend';
RANGE : 'range';
LISTEN : 'listen';
LIMIT : 'limit';
REDISTRIBUTE : 'redistribute';
REDISTRIBUTE_INTERNAL : 'redistribute-internal';
REFERENCE_BANDWIDTH : 'reference-bandwidth';
REJECT : 'reject';
REMARK : 'remark';
REMOTE_AS : 'remote-as';
REMOVE_PRIVATE_AS : 'remove-private-as' | 'remove-private-AS';  // FRR writes -AS
REPLACE_AS : 'replace-as' | 'replace-AS';
ROUTE : 'route';
ROUTER : 'router';
ROUTER_ID : 'router-id';
ROUTE_MAP : 'route-map';
ROUTE_REFLECTOR_CLIENT : 'route-reflector-client';
SECONDARY : 'secondary';
SEND_COMMUNITY : 'send-community';
SEQ : 'seq';
SET : 'set';
SHUTDOWN : 'shutdown';
SOURCE : 'source';
SOURCE_PROTOCOL : 'source-protocol';
STANDARD : 'standard';
STATIC : 'static';
STRICT_MODE : 'strict-mode';
STUB : 'stub';
SUBNETS : 'subnets';
SUMMARY_ONLY : 'summary-only';
TAG : 'tag';
TUNNEL : 'tunnel';
TOPOLOGY : 'topology';
TYPE_1 : 'type-1';
TYPE_2 : 'type-2';
UNCHANGED : 'unchanged';
UNICAST : 'unicast';
UNICAST_ROUTING : 'unicast-routing';
UNNUMBERED : 'unnumbered';
UPDATE_SOURCE : 'update-source';
VRF : 'vrf';
WEIGHT : 'weight';

// ---- values ----------------------------------------------------------------------------
IP_PREFIX : OCTET '.' OCTET '.' OCTET '.' OCTET '/' DIGIT+;
IP_ADDRESS : OCTET '.' OCTET '.' OCTET '.' OCTET;
// IPv6 text (RFC 4291 2.2): with "::", or all eight groups (the last two may be a dotted
// quad). Communities ("65000:1"), large communities ("1:2:3"), MAC addresses and times have
// neither, so they stay WORDs; the walker checks the value (model::IpAddress::parseV6).
IPV6_PREFIX : IPV6_TEXT '/' DIGIT+;
IPV6_ADDRESS : IPV6_TEXT;
NUMBER : DIGIT+;
SIGNED_NUMBER : [+-] DIGIT+;

// `!` starts a comment line in both dialects (IOS also uses it as a block separator, which
// carries no meaning: blocks end when a statement of another mode appears).
COMMENT : '!' ~[\r\n]* -> skip;
// A line that begins with `#` is a comment too (Batfish reads it so, and shared configs use
// it); like `!` it does not end the block around it. Inside a line `#` is an ordinary byte.
HASH_COMMENT : '#' {atLineStart()}? ~[\r\n]* -> skip;

// Only at the start of a line: `banner` inside a description is just a word.
BANNER : 'banner' {atLineStart()}? -> pushMode(M_BANNER_TYPE);

NEWLINE : ('\r'? '\n' | '\r') { if (!lineHasToken) skip(); };
WS : [ \t\f]+ -> skip;

// Anything else up to whitespace: names, descriptions, regexes, garbage.
WORD : ~[ \t\f\r\n]+;

fragment DIGIT : [0-9];
fragment OCTET : DIGIT DIGIT? DIGIT?;
fragment HEX16 : HEX HEX? HEX? HEX?;
fragment HEX : [0-9a-fA-F];
fragment DOTTED_QUAD : OCTET '.' OCTET '.' OCTET '.' OCTET;
fragment IPV6_TEXT
  : (HEX16 ':')* HEX16? '::' (HEX16 ':')* (HEX16 | DOTTED_QUAD)?
  | HEX16 ':' HEX16 ':' HEX16 ':' HEX16 ':' HEX16 ':' HEX16 ':' (HEX16 ':' HEX16 | DOTTED_QUAD)
  ;

// `banner <type>` then either a delimited body or FRR's `default` / `line TEXT` / `file F`.
mode M_BANNER_TYPE;
M_BT_WS : [ \t\f]+ -> skip;
M_BT_NEWLINE : ('\r'? '\n' | '\r') -> type(NEWLINE), popMode;
BANNER_TYPE : ~[ \t\f\r\n]+ -> mode(M_BANNER_BODY);

mode M_BANNER_BODY;
M_BB_WS : [ \t\f]+ -> skip;
M_BB_NEWLINE : ('\r'? '\n' | '\r') -> type(NEWLINE), popMode;
BANNER_KEYWORD : ('default' | 'line' | 'file') -> popMode;
BANNER_BODY : ('^C' | ~[ \t\f\r\n]) { consumeBannerBody(); } -> popMode;
