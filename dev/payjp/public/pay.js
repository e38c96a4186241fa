/*
 * payjp.js v2 stand-in served by the hojin PAY.JP emulator (development and tests only).
 *
 * Same surface as https://js.pay.jp/v2/pay.js for what the site uses:
 *   const payjp = Payjp('pk_test_…', { threeDSecureWorkflow: 'redirect' })
 *   const elements = payjp.elements()
 *   const card = elements.create('card', { style, placeholder, disabled, hideIcon })
 *   card.mount('#card-element') / card.on('change' | 'ready' | 'focus' | 'blur', cb)
 *   card.focus() / card.blur() / card.clear() / card.update(options) / card.unmount() / card.destroy()
 *   payjp.createToken(card, { card: { name, email, phone }, three_d_secure }) → token | { error }
 *
 * The card fields live in an iframe served from the emulator's own origin; the merchant page only
 * ever exchanges postMessage calls with it and never sees the card number, as with PAY.JP.
 */
(function () {
  'use strict';

  var script = document.currentScript;
  var ORIGIN = new URL(script && script.src ? script.src : location.href).origin;
  var MARK = '__payjpEmulator';
  var sequence = 0;

  function clientError(message, code) {
    var error = { type: 'client_error', message: message, status: 400 };
    if (code) error.code = code;
    return { error: error };
  }

  function CardElement(payjp, type, options) {
    this._payjp = payjp;
    this._type = type;
    this._options = options || {};
    this._id = 'payjp-card-' + ++sequence + '-' + Math.random().toString(36).slice(2, 8);
    this._listeners = { change: [], ready: [], focus: [], blur: [] };
    this._iframe = null;
    this._ready = false;
    this._queue = [];
    this._pending = {};
    this._destroyed = false;
    this._onMessage = this._handleMessage.bind(this);
  }

  CardElement.prototype.mount = function (target) {
    if (this._destroyed) throw new Error('payjp.js: this element has been destroyed; create a new one.');
    if (this._iframe) throw new Error('payjp.js: this element is already mounted.');
    var container = typeof target === 'string' ? document.querySelector(target) : target;
    if (!container || typeof container.appendChild !== 'function') {
      throw new Error('payjp.js: mount target not found: ' + String(target));
    }
    var config = {
      id: this._id,
      key: this._payjp._publicKey,
      parentOrigin: location.origin,
      style: this._options.style || {},
      placeholder: this._options.placeholder,
      disabled: !!this._options.disabled,
      hideIcon: !!this._options.hideIcon,
    };
    var iframe = document.createElement('iframe');
    iframe.name = this._id;
    iframe.title = 'カード情報の入力欄';
    iframe.setAttribute('frameborder', '0');
    iframe.setAttribute('scrolling', 'no');
    iframe.setAttribute('allowtransparency', 'true');
    iframe.setAttribute('data-payjp-element', 'card');
    iframe.style.cssText = 'border:none;width:100%;min-width:240px;height:64px;display:block;overflow:hidden;background:transparent;';
    iframe.src = ORIGIN + '/js/v2/card-element.html#' + encodeURIComponent(JSON.stringify(config));
    window.addEventListener('message', this._onMessage);
    container.appendChild(iframe);
    this._iframe = iframe;
  };

  CardElement.prototype.unmount = function () {
    if (!this._iframe) return;
    window.removeEventListener('message', this._onMessage);
    if (this._iframe.parentNode) this._iframe.parentNode.removeChild(this._iframe);
    this._iframe = null;
    this._ready = false;
    this._queue = [];
    var pending = this._pending;
    this._pending = {};
    Object.keys(pending).forEach(function (key) {
      pending[key](clientError('カード情報の入力欄が取り外されたため、トークンを作成できませんでした。'));
    });
  };

  CardElement.prototype.destroy = function () {
    this.unmount();
    this._destroyed = true;
    this._payjp._elements._forget(this);
  };

  CardElement.prototype.on = function (event, handler) {
    if (!this._listeners[event]) throw new Error('payjp.js: unknown event: ' + event);
    if (typeof handler === 'function') this._listeners[event].push(handler);
  };
  CardElement.prototype.addEventListener = CardElement.prototype.on;

  CardElement.prototype.focus = function () {
    this._send({ type: 'focus' });
  };
  CardElement.prototype.blur = function () {
    this._send({ type: 'blur' });
  };
  CardElement.prototype.clear = function () {
    this._send({ type: 'clear' });
  };
  CardElement.prototype.update = function (options) {
    this._options = Object.assign({}, this._options, options || {});
    this._send({
      type: 'update',
      options: { style: this._options.style || {}, placeholder: this._options.placeholder, disabled: !!this._options.disabled },
    });
  };

  CardElement.prototype._send = function (message) {
    message[MARK] = true;
    message.elementId = this._id;
    if (!this._iframe) return;
    if (!this._ready) {
      this._queue.push(message);
      return;
    }
    this._iframe.contentWindow.postMessage(message, ORIGIN);
  };

  CardElement.prototype._emit = function (event, payload) {
    this._listeners[event].forEach(function (handler) {
      try {
        handler(payload);
      } catch (e) {
        setTimeout(function () {
          throw e;
        });
      }
    });
  };

  CardElement.prototype._handleMessage = function (e) {
    if (e.origin !== ORIGIN || !this._iframe || e.source !== this._iframe.contentWindow) return;
    var data = e.data;
    if (!data || data[MARK] !== true || data.elementId !== this._id) return;
    switch (data.type) {
      case 'ready':
        this._ready = true;
        var queue = this._queue;
        this._queue = [];
        for (var i = 0; i < queue.length; i++) this._iframe.contentWindow.postMessage(queue[i], ORIGIN);
        this._emit('ready', { elementType: this._type });
        break;
      case 'change':
        this._emit('change', data.event);
        break;
      case 'focus':
      case 'blur':
        this._emit(data.type, { elementType: this._type });
        break;
      case 'resize':
        if (typeof data.height === 'number' && data.height > 0) this._iframe.style.height = Math.ceil(data.height) + 'px';
        break;
      case 'tokenResult':
        var resolve = this._pending[data.requestId];
        delete this._pending[data.requestId];
        if (resolve) resolve(data.result);
        break;
    }
  };

  CardElement.prototype._createToken = function (data) {
    var self = this;
    return new Promise(function (resolve) {
      if (!self._iframe) {
        resolve(clientError('カード情報の入力欄が表示されていません。mount() してから createToken() を呼んでください。'));
        return;
      }
      var requestId = 'req-' + ++sequence;
      self._pending[requestId] = resolve;
      self._send({ type: 'createToken', requestId: requestId, data: data || {} });
    });
  };

  function Elements(payjp, options) {
    this._payjp = payjp;
    this._options = options || {};
    this._byType = {};
  }
  Elements.prototype.create = function (type, options) {
    if (type !== 'card') {
      throw new Error('payjp.js (emulator): only the "card" element is available here, not "' + type + '".');
    }
    if (this._byType[type]) throw new Error('payjp.js: a "' + type + '" element already exists; destroy() it first.');
    var element = new CardElement(this._payjp, type, options);
    this._byType[type] = element;
    return element;
  };
  Elements.prototype.getElement = function (type) {
    return this._byType[type] || null;
  };
  Elements.prototype.update = function (options) {
    this._options = Object.assign({}, this._options, options || {});
  };
  Elements.prototype._forget = function (element) {
    if (this._byType[element._type] === element) delete this._byType[element._type];
  };

  function Payjp(publicKey, options) {
    if (typeof publicKey !== 'string' || !/^pk_(test|live)_\w+$/.test(publicKey)) {
      throw new Error('payjp.js: a public key (pk_test_… or pk_live_…) is required.');
    }
    var opts = options || {};
    var instance = {
      _publicKey: publicKey,
      _elements: null,
      threeDSecureWorkflow: opts.threeDSecureWorkflow || 'iframe',
      getPublicKey: function () {
        return publicKey;
      },
      elements: function (elementsOptions) {
        if (!instance._elements) instance._elements = new Elements(instance, elementsOptions);
        return instance._elements;
      },
      createToken: function (element, data) {
        if (!element || typeof element._createToken !== 'function') {
          return Promise.resolve(clientError('createToken() には elements.create() で作成した要素を渡してください。'));
        }
        return element._createToken(data);
      },
      retrieveAvailability: function () {
        return Promise.resolve({
          card_types_supported: ['Visa', 'MasterCard', 'JCB', 'American Express', 'Diners Club', 'Discover'],
          livemode: false,
        });
      },
      openThreeDSecureDialog: function () {
        // The emulator implements the redirect workflow only (what the site uses).
        return Promise.reject(new Error('payjp.js (emulator): use the redirect workflow (/v1/tds/{id}/start).'));
      },
    };
    return instance;
  }

  window.Payjp = Payjp;
})();
