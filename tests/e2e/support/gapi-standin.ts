/**
 * Offline stand-in for https://apis.google.com/js/api.js, enough for the Auth SDK's popup flow against the Auth
 * emulator. The SDK (in the page) opens the emulator's helper iframe with gapi.iframes and waits for its ping; the
 * helper iframe (which loads this same script) relays the popup's result to the page with gapi.iframes
 * send/register. Both sides are implemented here as a small postMessage RPC.
 */
export const GAPI_STANDIN_SCRIPT = `(function () {
  var TAG = '__gapiStandin';
  var channels = [];
  function Channel(target) {
    this.target = target; this.handlers = {}; this.replies = {}; this.queued = []; this.ready = false; this.onReady = [];
  }
  Channel.prototype.post = function (message) { message[TAG] = true; this.target.postMessage(message, '*'); };
  Channel.prototype.restyle = function () { return Promise.resolve(); };
  Channel.prototype.ping = function (callback) {
    var self = this;
    return new Promise(function (resolve) {
      var done = function () { if (callback) callback(); resolve(self); };
      if (self.ready) done(); else self.onReady.push(done);
    });
  };
  Channel.prototype.register = function (type, handler) {
    this.handlers[type] = handler;
    var waiting = this.queued; this.queued = [];
    waiting.forEach(this.receive, this);
  };
  Channel.prototype.send = function (type, payload, callback) {
    var id = Math.random().toString(36).slice(2);
    if (callback) this.replies[id] = callback;
    this.post({ kind: 'send', id: id, type: type, payload: payload });
  };
  Channel.prototype.receive = function (message) {
    var self = this;
    if (message.kind === 'ready') {
      self.ready = true; var waiting = self.onReady; self.onReady = [];
      waiting.forEach(function (done) { done(); });
    } else if (message.kind === 'reply') {
      var callback = self.replies[message.id]; delete self.replies[message.id];
      // Like gapi, contain errors thrown by reply callbacks: the Auth SDK's webStorageSupport callback
      // always throws after it has reported its answer.
      try { if (callback) callback(message.responses); } catch (error) { console.debug('gapi stand-in: reply callback threw', error); }
    } else if (message.kind === 'send') {
      var handler = self.handlers[message.type];
      if (!handler) { self.queued.push(message); return; }
      Promise.resolve(handler(message.payload)).then(function (response) {
        self.post({ kind: 'reply', id: message.id, responses: [response] });
      });
    }
  };
  window.addEventListener('message', function (event) {
    if (!event.data || !event.data[TAG]) return;
    channels.forEach(function (channel) { if (channel.target === event.source) channel.receive(event.data); });
  });
  var context = {
    open: function (options, onOpen) {
      var frame = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        if (name === 'style') Object.assign(frame.style, attributes.style); else frame.setAttribute(name, attributes[name]);
      });
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      var channel = new Channel(frame.contentWindow);
      channels.push(channel);
      return Promise.resolve(onOpen ? onOpen(channel) : channel);
    },
    getParentIframe: function () {
      var channel = new Channel(window.parent);
      channels.push(channel);
      channel.post({ kind: 'ready' });
      return channel;
    },
  };
  window.gapi = {
    load: function (_name, options) {
      var callback = typeof options === 'function' ? options : options && options.callback;
      if (callback) setTimeout(callback, 0);
    },
    iframes: { Iframe: function () {}, CROSS_ORIGIN_IFRAMES_FILTER: 'cross-origin', getContext: function () { return context; } },
  };
  var source = document.currentScript ? document.currentScript.src : '';
  var onload = /[?&]onload=([^&]+)/.exec(source);
  if (onload && typeof window[onload[1]] === 'function') setTimeout(window[onload[1]], 0);
  if (typeof window.gapi_onload === 'function') setTimeout(window.gapi_onload, 0);
})();`;
