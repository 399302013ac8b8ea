/**
 * A stand-in for Google's `https://apis.google.com/js/api.js` (gapi.iframes), which test machines
 * cannot download. The Firebase SDK's popup and redirect sign-in talk to the Auth emulator's helper
 * iframe (/emulator/auth/iframe) through it, and that page loads it too; both sides get this
 * script (tests route the URL to it) and speak over postMessage the few calls they use:
 * `gapi.load`, `getContext().open(…)` with `restyle`/`ping`/`register`/`send`, and
 * `getParentIframe()` with `register`/`send`. A handler that is not registered yet gets its
 * messages once it is (the helper page sends its first event before the SDK listens).
 */
export const GAPI_STANDIN_SOURCE = String.raw`(function () {
  var TAG = '__gapiStandIn';
  var nextId = 0;
  var channels = [];
  function Channel(target) {
    this.target = function () { return typeof target === 'function' ? target() : target; };
    this.handlers = {};
    this.queued = {};
    this.pending = {};
    this.ready = null;
    var self = this;
    this.readyPromise = new Promise(function (resolve) { self.ready = resolve; });
  }
  Channel.prototype.post = function (message) {
    message[TAG] = true;
    var w = this.target();
    if (w) w.postMessage(message, '*');
  };
  Channel.prototype.register = function (type, handler) {
    this.handlers[type] = handler;
    var waiting = this.queued[type] || [];
    delete this.queued[type];
    for (var i = 0; i < waiting.length; i++) this.answer(waiting[i]);
  };
  Channel.prototype.answer = function (m) {
    var handler = this.handlers[m.type];
    if (!handler) {
      (this.queued[m.type] = this.queued[m.type] || []).push(m);
      return;
    }
    var result;
    try { result = handler(m.data); } catch (e) { result = { status: 'ERROR' }; }
    this.post({ kind: 'reply', id: m.id, result: result === undefined ? [] : [result] });
  };
  Channel.prototype.send = function (type, data, callback) {
    var id = ++nextId;
    this.pending[id] = callback;
    this.post({ kind: 'send', id: id, type: type, data: data });
  };
  window.addEventListener('message', function (e) {
    var m = e.data;
    if (!m || !m[TAG]) return;
    var channel = null;
    for (var i = 0; i < channels.length; i++) if (channels[i].target() === e.source) channel = channels[i];
    if (!channel) return;
    if (m.kind === 'ready') channel.ready();
    else if (m.kind === 'send') channel.answer(m);
    else if (m.kind === 'reply') {
      var callback = channel.pending[m.id];
      delete channel.pending[m.id];
      // gapi ignores what a callback throws (the Firebase SDK's webStorageSupport callback does throw).
      try { if (callback) callback(m.result); } catch (err) { /* as gapi does */ }
    }
  });
  function iframeHandle(channel) {
    return {
      restyle: function () { return Promise.resolve(); },
      ping: function (callback) {
        return channel.readyPromise.then(function () { if (callback) callback(); });
      },
      register: function (type, handler) { channel.register(type, handler); },
      send: function (type, data, callback) { channel.send(type, data, callback); },
    };
  }
  var context = {
    open: function (options, callback) {
      var frame = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        if (name === 'style') Object.assign(frame.style, attributes.style);
        else frame.setAttribute(name, attributes[name]);
      });
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      var channel = new Channel(function () { return frame.contentWindow; });
      channels.push(channel);
      return Promise.resolve(callback(iframeHandle(channel)));
    },
    getParentIframe: function () {
      var channel = new Channel(window.parent);
      channels.push(channel);
      channel.post({ kind: 'ready' });
      return iframeHandle(channel);
    },
  };
  window.gapi = window.gapi || {};
  window.gapi.load = function (name, options) {
    setTimeout(function () { (typeof options === 'function' ? options : options.callback)(); }, 0);
  };
  window.gapi.iframes = {
    CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; },
    getContext: function () { return context; },
  };
  var script = document.currentScript;
  var onload = script && script.src ? new URL(script.src).searchParams.get('onload') : null;
  var ready = (onload && window[onload]) || window.gapi_onload;
  if (ready) setTimeout(ready, 0);
})();`;
