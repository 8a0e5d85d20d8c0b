'use strict';
// ts-jest loads AST transformers with require(); the swagger plugin is an ES module, which
// Node 20 can require natively. This adapter gives ts-jest the shape it expects.
const plugin = require('@nestjs/swagger/plugin');

module.exports = {
  name: 'nestjs-swagger-plugin',
  version: 1,
  factory(tsCompiler, options) {
    return plugin.before(options, tsCompiler.program);
  },
};
