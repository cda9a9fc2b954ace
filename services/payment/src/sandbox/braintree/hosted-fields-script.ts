/**
 * The hosted fields page's script, served by the sandbox as /hosted-fields.js (the page has no
 * inline script). Like Braintree's hosted fields, the page has no button of its own: the shop's
 * Pay handler asks it to tokenise (hostedFields.tokenize()) by posting
 * `{ type: 'braintree-sandbox:tokenize', requestId }`, taken only from the parent window and the
 * origin the sandbox checked against its allowlist (the form's data-origin). The page posts the
 * card fields to the sandbox's own /tokenize (same origin as the page), never to our API, and
 * answers the parent with the one-time nonce, or with `braintree-sandbox:error` (the first
 * field's message; every field's message shows beside it in the frame), both carrying the
 * requestId.
 */
export const HOSTED_FIELDS_SCRIPT = `'use strict';
(function () {
  var form = document.getElementById('hosted-fields');
  var out = document.getElementById('hosted-fields-message');
  var target = form.getAttribute('data-origin');
  var clientToken = form.getAttribute('data-client-token');
  var names = ['number', 'expirationDate', 'cvv', 'postalCode'];
  var busy = false;
  function parentWindow() { return window.parent !== window ? window.parent : window.opener; }
  function tell(message) {
    var to = parentWindow();
    if (to) to.postMessage(message, target);
  }
  // The parent sizes the iframe to the form (errors make it taller), like Braintree's own frames.
  function sendHeight() { tell({ type: 'braintree-sandbox:resize', height: Math.ceil(document.documentElement.scrollHeight) }); }
  if (typeof ResizeObserver === 'function') new ResizeObserver(sendHeight).observe(document.body);
  sendHeight();
  function showErrors(errors) {
    names.forEach(function (name) { document.getElementById(name + '-error').textContent = ''; });
    (errors || []).forEach(function (e) {
      var el = document.getElementById(e.field + '-error');
      if (el) el.textContent = e.message; else out.textContent = e.message;
    });
  }
  function tokenize(requestId) {
    if (busy) return tell({ type: 'braintree-sandbox:error', requestId: requestId, field: null, message: 'Please wait...' });
    busy = true;
    var body = { clientToken: clientToken };
    names.forEach(function (name) { body[name] = form.elements[name].value; });
    out.textContent = 'Please wait...';
    fetch(form.getAttribute('action'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'omit' })
      .then(function (res) { return res.json().then(function (json) { return { ok: res.ok, json: json }; }); })
      .then(function (r) {
        busy = false;
        out.textContent = '';
        if (!r.ok) {
          var errors = (r.json && r.json.errors) || [];
          showErrors(errors);
          var first = errors[0] || {};
          return tell({ type: 'braintree-sandbox:error', requestId: requestId, field: first.field || null, message: first.message || 'Something went wrong. Please try again.' });
        }
        showErrors([]);
        tell({ type: 'braintree-sandbox:nonce', requestId: requestId, nonce: r.json.nonce, details: r.json.details });
      })
      .catch(function () {
        busy = false;
        out.textContent = 'Something went wrong. Please try again.';
        tell({ type: 'braintree-sandbox:error', requestId: requestId, field: null, message: 'Something went wrong. Please try again.' });
      });
  }
  window.addEventListener('message', function (event) {
    if (event.origin !== target || event.source !== parentWindow()) return;
    var m = event.data;
    if (m && typeof m === 'object' && m.type === 'braintree-sandbox:tokenize') tokenize(typeof m.requestId === 'string' ? m.requestId : null);
  });
  // Enter in a field submits nothing: only the shop's Pay tokenises.
  form.addEventListener('submit', function (event) { event.preventDefault(); });
  tell({ type: 'braintree-sandbox:ready' });
})();
`;
