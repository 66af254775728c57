// Stands in for `server-only` under Jest, where server modules are imported directly.
module.exports = {};
