/*
 * The card element's iframe (hojin PAY.JP emulator). Runs on the emulator's origin: the card number,
 * expiry and CVC stay here and go straight to POST /v1/tokens with the public key; the merchant page
 * receives only change events and the token (or an error) by postMessage.
 */
(function () {
  'use strict';

  var MARK = '__payjpEmulator';
  var config = {};
  try {
    config = JSON.parse(decodeURIComponent(location.hash.slice(1)) || '{}');
  } catch (e) {
    config = {};
  }
  var parentOrigin = config.parentOrigin;
  var elementId = config.id;
  var publicKey = config.key;
  if (!parentOrigin || !elementId || !publicKey || window.parent === window) return;

  var root = document.getElementById('root');
  var number = document.getElementById('number');
  var exp = document.getElementById('exp');
  var cvc = document.getElementById('cvc');
  var brandLabel = document.getElementById('brand');
  var fields = [number, exp, cvc];
  var touched = { number: false, exp: false, cvc: false };

  function post(message) {
    message[MARK] = true;
    message.elementId = elementId;
    window.parent.postMessage(message, parentOrigin);
  }

  /** Full-width digits typed through a Japanese IME count as digits. */
  function digits(value) {
    return String(value || '')
      .normalize('NFKC')
      .replace(/\D/g, '');
  }

  function brandOf(n) {
    var n2 = Number(n.slice(0, 2));
    var n3 = Number(n.slice(0, 3));
    var n4 = Number(n.slice(0, 4));
    if (/^4/.test(n)) return 'Visa';
    if ((n2 >= 51 && n2 <= 55) || (n.length >= 4 && n4 >= 2221 && n4 <= 2720)) return 'MasterCard';
    if (n.length >= 4 && n4 >= 3528 && n4 <= 3589) return 'JCB';
    if (n2 === 34 || n2 === 37) return 'American Express';
    if ((n.length >= 3 && n3 >= 300 && n3 <= 305) || n2 === 36 || n2 === 38 || n2 === 39) return 'Diners Club';
    if (n4 === 6011 || n2 === 65 || (n.length >= 3 && n3 >= 644 && n3 <= 649)) return 'Discover';
    return 'unknown';
  }

  function numberLength(brand) {
    if (brand === 'American Express') return 15;
    if (brand === 'Diners Club') return 14;
    return 16;
  }

  /** PAY.JP test numbers that fail the Luhn check but must reach the API (which reports their error). */
  var TEST_NUMBERS = ['4000000000001110', '4000000000001111'];

  function luhn(n) {
    if (TEST_NUMBERS.indexOf(n) >= 0) return true;
    var sum = 0;
    for (var i = 0; i < n.length; i++) {
      var d = Number(n.charAt(n.length - 1 - i));
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return n.length > 0 && sum % 10 === 0;
  }

  function formatNumber(n, brand) {
    var groups = brand === 'American Express' || brand === 'Diners Club' ? [4, 6, 5] : [4, 4, 4, 4];
    var out = [];
    var at = 0;
    for (var i = 0; i < groups.length && at < n.length; i++) {
      out.push(n.slice(at, at + groups[i]));
      at += groups[i];
    }
    return out.join(' ');
  }

  function formatExp(d) {
    return d.length <= 2 ? d : d.slice(0, 2) + ' / ' + d.slice(2);
  }

  var MESSAGES = {
    number_incomplete: 'カード番号を最後まで入力してください。',
    invalid_number: 'カード番号が正しくありません。番号をご確認ください。',
    exp_incomplete: '有効期限を「月/年」の4桁（例：12/30）で入力してください。',
    invalid_expiry_month: '有効期限の月は01〜12で入力してください。',
    invalid_expiry_year_past: '有効期限が過ぎています。別のカードをお使いください。',
    invalid_expiry_month_past: '有効期限が過ぎています。別のカードをお使いください。',
    cvc_incomplete: 'セキュリティコード（カード裏面の3桁または4桁の数字）を入力してください。',
  };

  /**
   * An unfinished field is reported once the user has left it with something typed, and always
   * when a token is requested ('submit').
   */
  function shouldReport(touchedState, value) {
    return touchedState === 'submit' || (touchedState === true && value.length > 0);
  }

  /** Field errors and the change event for the current input. */
  function check(all) {
    var n = digits(number.value);
    var brand = brandOf(n);
    var want = numberLength(brand);
    var errors = {};
    if (n.length >= want || (brand === 'unknown' && n.length >= 6)) {
      if (brand === 'unknown' || n.length !== want || !luhn(n)) errors.number = ['invalid_number', MESSAGES.invalid_number];
    } else if (shouldReport(all.number, n)) errors.number = ['incomplete_error', MESSAGES.number_incomplete];

    var e = digits(exp.value);
    if (e.length >= 2) {
      var month = Number(e.slice(0, 2));
      if (month < 1 || month > 12) errors.exp = ['invalid_expiry_month', MESSAGES.invalid_expiry_month];
      else if (e.length === 4) {
        var year = 2000 + Number(e.slice(2, 4));
        var now = new Date();
        if (year < now.getFullYear()) errors.exp = ['invalid_expiry_year_past', MESSAGES.invalid_expiry_year_past];
        else if (year === now.getFullYear() && month < now.getMonth() + 1) {
          errors.exp = ['invalid_expiry_month_past', MESSAGES.invalid_expiry_month_past];
        }
      }
    }
    if (!errors.exp && e.length < 4 && shouldReport(all.exp, e)) errors.exp = ['incomplete_error', MESSAGES.exp_incomplete];

    var c = digits(cvc.value);
    var cvcLength = brand === 'American Express' ? 4 : 3;
    if (c.length !== cvcLength && shouldReport(all.cvc, c)) errors.cvc = ['incomplete_error', MESSAGES.cvc_incomplete];

    var complete = !errors.number && !errors.exp && !errors.cvc && n.length === want && luhn(n) && e.length === 4 && c.length === cvcLength;
    var empty = n.length === 0 && e.length === 0 && c.length === 0;
    var first = errors.number || errors.exp || errors.cvc;
    number.setAttribute('aria-invalid', errors.number ? 'true' : 'false');
    exp.setAttribute('aria-invalid', errors.exp ? 'true' : 'false');
    cvc.setAttribute('aria-invalid', errors.cvc ? 'true' : 'false');
    brandLabel.textContent = brand === 'unknown' ? '' : brand;
    var event = { elementType: 'card', complete: complete, empty: empty, brand: brand };
    if (first) event.error = { type: 'validation_error', code: first[0], message: first[1] };
    return event;
  }

  var lastChange = '';
  function emitChange() {
    var event = check(touched);
    var key = JSON.stringify(event);
    if (key === lastChange) return;
    lastChange = key;
    post({ type: 'change', event: event });
  }

  number.addEventListener('input', function () {
    var n = digits(number.value);
    var brand = brandOf(n);
    n = n.slice(0, numberLength(brand));
    var atEnd = number.selectionStart === number.value.length;
    number.value = formatNumber(n, brand);
    if (atEnd) number.setSelectionRange(number.value.length, number.value.length);
    if (n.length === numberLength(brand) && luhn(n)) exp.focus();
    emitChange();
  });
  exp.addEventListener('input', function (event) {
    var d = digits(exp.value).slice(0, 4);
    // "2" cannot start a month: read it as 02.
    if (d.length === 1 && d > '1') d = '0' + d;
    var deleting = event.inputType && event.inputType.indexOf('delete') === 0;
    exp.value = deleting && d.length === 2 ? d : formatExp(d);
    if (d.length === 4) cvc.focus();
    emitChange();
  });
  cvc.addEventListener('input', function () {
    cvc.value = digits(cvc.value).slice(0, 4);
    emitChange();
  });

  var hasFocus = false;
  fields.forEach(function (field) {
    field.addEventListener('focus', function () {
      if (!hasFocus) post({ type: 'focus' });
      hasFocus = true;
    });
    field.addEventListener('blur', function () {
      touched[field.id] = true;
      setTimeout(function () {
        if (fields.indexOf(document.activeElement) < 0) {
          hasFocus = false;
          post({ type: 'blur' });
        }
      }, 0);
      emitChange();
    });
  });

  var SAFE_VALUE = /^[^;{}<>\\]*$/;
  var PROPERTIES = {
    backgroundColor: 'background-color',
    color: 'color',
    caretColor: 'caret-color',
    fontFamily: 'font-family',
    fontSize: 'font-size',
    fontStyle: 'font-style',
    fontVariant: 'font-variant',
    fontWeight: 'font-weight',
    lineHeight: 'line-height',
    letterSpacing: 'letter-spacing',
    textAlign: 'text-align',
    textDecoration: 'text-decoration',
    textShadow: 'text-shadow',
    textTransform: 'text-transform',
  };
  function declarations(body) {
    var out = [];
    Object.keys(body || {}).forEach(function (key) {
      var value = body[key];
      if (PROPERTIES[key] && typeof value === 'string' && SAFE_VALUE.test(value)) out.push(PROPERTIES[key] + ':' + value);
    });
    return out.join(';');
  }
  var styleTag = document.createElement('style');
  document.head.appendChild(styleTag);
  function applyOptions(options) {
    var style = options.style || {};
    var selectors = { base: 'input', invalid: 'input[aria-invalid="true"]', complete: '.complete input', empty: '.empty input' };
    var css = '';
    Object.keys(selectors).forEach(function (status) {
      var body = style[status];
      if (!body) return;
      css += selectors[status] + '{' + declarations(body) + '}';
      if (body[':focus']) css += selectors[status] + ':focus{' + declarations(body[':focus']) + '}';
      if (body[':hover']) css += selectors[status] + ':hover{' + declarations(body[':hover']) + '}';
      if (body['::placeholder']) css += selectors[status] + '::placeholder{' + declarations(body['::placeholder']) + '}';
    });
    styleTag.textContent = css;
    if (typeof options.placeholder === 'string') number.placeholder = options.placeholder;
    fields.forEach(function (f) {
      f.disabled = !!options.disabled;
    });
    if (options.hideIcon) root.classList.add('hide-icon');
  }
  applyOptions(config);

  function tokenError(message, code) {
    var error = { type: 'client_error', message: message, status: 400 };
    if (code) error.code = code;
    return { error: error };
  }

  function createToken(data) {
    touched = { number: 'submit', exp: 'submit', cvc: 'submit' };
    var state = check(touched);
    lastChange = JSON.stringify(state);
    post({ type: 'change', event: state });
    if (state.error) return Promise.resolve(tokenError(state.error.message, state.error.code));
    if (!state.complete) return Promise.resolve(tokenError(MESSAGES.number_incomplete, 'incomplete_error'));
    var e = digits(exp.value);
    var body = new URLSearchParams();
    body.set('card[number]', digits(number.value));
    body.set('card[exp_month]', e.slice(0, 2));
    body.set('card[exp_year]', '20' + e.slice(2, 4));
    body.set('card[cvc]', digits(cvc.value));
    var extra = (data && data.card) || {};
    ['name', 'email', 'phone', 'address_state', 'address_city', 'address_line1', 'address_line2', 'address_zip', 'country'].forEach(
      function (key) {
        if (typeof extra[key] === 'string' && extra[key] !== '') body.set('card[' + key + ']', extra[key]);
      },
    );
    if (data && data.three_d_secure === true) body.set('three_d_secure', 'true');
    return fetch('/v1/tokens', {
      method: 'POST',
      headers: { Authorization: 'Basic ' + btoa(publicKey + ':'), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    })
      .then(function (response) {
        return response.json();
      })
      .then(function (json) {
        return json && json.error ? { error: json.error } : json;
      })
      .catch(function () {
        return tokenError('通信エラーのため、カード情報を確認できませんでした。時間をおいてもう一度お試しください。');
      });
  }

  window.addEventListener('message', function (e) {
    if (e.origin !== parentOrigin || e.source !== window.parent) return;
    var data = e.data;
    if (!data || data[MARK] !== true || data.elementId !== elementId) return;
    switch (data.type) {
      case 'focus':
        number.focus();
        break;
      case 'blur':
        if (fields.indexOf(document.activeElement) >= 0) document.activeElement.blur();
        break;
      case 'clear':
        fields.forEach(function (f) {
          f.value = '';
        });
        touched = { number: false, exp: false, cvc: false };
        emitChange();
        break;
      case 'update':
        applyOptions(data.options || {});
        break;
      case 'createToken':
        createToken(data.data).then(function (result) {
          post({ type: 'tokenResult', requestId: data.requestId, result: result });
        });
        break;
    }
  });

  function reportHeight() {
    post({ type: 'resize', height: document.documentElement.scrollHeight });
  }
  if (typeof ResizeObserver === 'function') new ResizeObserver(reportHeight).observe(document.body);
  reportHeight();
  post({ type: 'ready' });
})();
