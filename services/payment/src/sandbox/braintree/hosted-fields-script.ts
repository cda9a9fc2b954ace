/**
 * The hosted fields page's script, served by the sandbox as /hosted-fields.js (the page has no
 * inline script). It posts the card fields to the sandbox's own /tokenize (same origin as the
 * page), never to our API, and hands only the one-time nonce to the parent page, with the target
 * origin the sandbox checked against its allowlist (the form's data-origin).
 */
export const HOSTED_FIELDS_SCRIPT = `'use strict';
(function () {
  var form = document.getElementById('hosted-fields');
  var out = document.getElementById('hosted-fields-message');
  var target = form.getAttribute('data-origin');
  var clientToken = form.getAttribute('data-client-token');
  var names = ['number', 'expirationDate', 'cvv', 'postalCode'];
  function parentWindow() { return window.parent !== window ? window.parent : window.opener; }
  // The parent sizes the iframe to the form (errors make it taller), like Braintree's own frames.
  function sendHeight() {
    var to = parentWindow();
    if (to) to.postMessage({ type: 'braintree-sandbox:resize', height: Math.ceil(document.documentElement.scrollHeight) }, target);
  }
  if (typeof ResizeObserver === 'function') new ResizeObserver(sendHeight).observe(document.body);
  sendHeight();
  function showErrors(errors) {
    names.forEach(function (name) { document.getElementById(name + '-error').textContent = ''; });
    (errors || []).forEach(function (e) {
      var el = document.getElementById(e.field + '-error');
      if (el) el.textContent = e.message; else out.textContent = e.message;
    });
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var body = { clientToken: clientToken };
    names.forEach(function (name) { body[name] = form.elements[name].value; });
    var button = form.querySelector('button');
    button.disabled = true;
    out.textContent = 'Please wait...';
    fetch(form.getAttribute('action'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'omit' })
      .then(function (res) { return res.json().then(function (json) { return { ok: res.ok, json: json }; }); })
      .then(function (r) {
        button.disabled = false;
        if (!r.ok) { out.textContent = ''; showErrors(r.json.errors); return; }
        showErrors([]);
        out.textContent = '';
        // Clear the fields: the page keeps nothing once the nonce exists.
        names.forEach(function (name) { form.elements[name].value = ''; });
        var to = parentWindow();
        if (to) to.postMessage({ type: 'braintree-sandbox:nonce', nonce: r.json.nonce, details: r.json.details }, target);
      })
      .catch(function () { button.disabled = false; out.textContent = 'Something went wrong. Please try again.'; });
  });
})();
`;
