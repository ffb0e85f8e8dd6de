// qs as express 5 and body-parser 2 can reach it: only their 'extended' query and urlencoded
// parsers call it, and indx uses neither (express 5's default query parser is 'simple'). Should
// one be reached, node:querystring answers instead of the 60 kB of qs and side-channel.
'use strict';
const querystring = require('node:querystring');
exports.parse = (text) => querystring.parse(text);
exports.stringify = (value) => querystring.stringify(value);
