// The storefront page: plain DOM, no framework. Every amount it shows comes formatted from the shop's server;
// it sends what the customer chose and shows what the server answers, errors next to the field they name.

const $ = (selector, root = document) => root.querySelector(selector);

/** Calls the shop's API: `{ ok, status, body }`, never a rejection (a network failure is a status 0). */
async function call(method, path, body, headers = {}) {
  try {
    const response = await fetch(`shop/api/${path}`, {
      method,
      headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
    const json = await response.json().catch(() => ({}));
    return { ok: response.ok, status: response.status, body: json };
  } catch {
    return { ok: false, status: 0, body: { errors: { warning: 'The shop cannot be reached. Try again.' } } };
  }
}

/** A new element with text and attributes. */
function element(tag, text, attributes = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** Shows `errors` (text by field) in `root`: next to the input of that name, or in its `warning` line. */
function showErrors(root, errors) {
  for (const node of root.querySelectorAll('[data-error]')) node.textContent = '';
  for (const node of root.querySelectorAll('.invalid')) node.classList.remove('invalid');
  const general = [];
  for (const [field, text] of Object.entries(errors ?? {})) {
    const input = root.querySelector(`[name="${CSS.escape(field)}"]`);
    const slot = root.querySelector(`[data-error="${CSS.escape(field)}"]`);
    if (input !== null) input.classList.add('invalid');
    if (slot !== null && field !== 'warning') slot.textContent = text;
    else if (input !== null && input.parentElement !== null) {
      let note = input.parentElement.querySelector('[data-error]');
      if (note === null) {
        note = element('small', undefined, { class: 'error', 'data-error': field });
        input.parentElement.append(note);
      }
      note.textContent = text;
    } else general.push(text);
  }
  const warning = root.querySelector('[data-error="warning"]');
  if (warning !== null) warning.textContent = general.join(' ');
  return general.join(' ');
}

/** Fills a table body with rows of cells. */
function fillRows(table, rows) {
  const body = $('tbody', table);
  body.replaceChildren(
    ...rows.map((cells) => {
      const row = element('tr');
      for (const cell of cells)
        row.append(cell instanceof Node ? element('td') : element('td', String(cell)));
      cells.forEach((cell, index) => {
        if (cell instanceof Node) row.children[index].append(cell);
      });
      return row;
    }),
  );
}

/** Shows total lines (`{ code, title, text }`) in a table. */
function showTotals(table, totals) {
  fillRows(
    table,
    totals.map((total) => [total.title, total.text]),
  );
  for (const [index, total] of totals.entries()) table.rows[index].dataset.code = total.code;
}

// --- Products ------------------------------------------------------------------------------------------

/** The input of one option, named `option_<product_option_id>` as the server's errors name it. */
function optionInput(option) {
  const name = `option_${option.productOptionId}`;
  const label = element('label', `${option.name}${option.required ? ' *' : ''} `);
  if (option.type === 'select') {
    const select = element('select', undefined, { name });
    select.append(element('option', '— choose —', { value: '' }));
    for (const value of option.values) {
      select.append(
        element('option', `${value.name} (+${value.price})`, { value: String(value.productOptionValueId) }),
      );
    }
    label.append(select);
  } else if (option.type === 'radio' || option.type === 'checkbox') {
    const group = element('span', undefined, { class: 'choices' });
    for (const value of option.values) {
      const choice = element('label', ` ${value.name} (+${value.price})`);
      choice.prepend(
        element('input', undefined, { type: option.type, name, value: String(value.productOptionValueId) }),
      );
      group.append(choice);
    }
    label.append(group);
  } else if (option.type === 'textarea') {
    label.append(element('textarea', undefined, { name, rows: '2' }));
  } else {
    const types = { date: 'date', time: 'time', datetime: 'datetime-local' };
    label.append(element('input', undefined, { name, type: types[option.type] ?? 'text' }));
  }
  return label;
}

/** What the customer chose in a product's form: `{ <product_option_id>: value or [values] }`. */
function chosenOptions(form, product) {
  const chosen = {};
  for (const option of product.options) {
    const name = `option_${option.productOptionId}`;
    if (option.type === 'checkbox') {
      const values = [...form.querySelectorAll(`[name="${name}"]:checked`)].map((input) => input.value);
      if (values.length > 0) chosen[option.productOptionId] = values;
    } else if (option.type === 'radio') {
      const checked = form.querySelector(`[name="${name}"]:checked`);
      if (checked !== null) chosen[option.productOptionId] = checked.value;
    } else {
      const input = form.querySelector(`[name="${name}"]`);
      let value = input === null ? '' : input.value;
      // OpenCart reads a date and time as `YYYY-MM-DD HH:MM`.
      if (option.type === 'datetime') value = value.replace('T', ' ');
      if (value !== '') chosen[option.productOptionId] = value;
    }
  }
  return chosen;
}

function showProducts(products) {
  const list = $('#product-list');
  list.replaceChildren(
    ...products
      .filter((product) => product.options.every((option) => option.type !== 'file'))
      .map((product) => {
        const form = element('form', undefined, {
          class: 'product',
          'data-product-id': String(product.productId),
        });
        form.append(element('h3', product.name));
        form.append(element('p', `${product.model} · ${product.price} ex. tax`, { class: 'meta' }));
        form.append(element('p', `${product.stock} in stock`, { class: 'stock' }));
        for (const option of product.options) form.append(optionInput(option));
        const quantity = element('label', 'Quantity ');
        quantity.append(
          element('input', undefined, {
            name: 'quantity',
            type: 'number',
            min: '1',
            value: String(Math.max(1, product.minimum)),
          }),
        );
        form.append(quantity);
        form.append(element('button', 'Add to cart', { type: 'submit' }));
        form.append(element('p', undefined, { class: 'error', 'data-error': 'warning', role: 'alert' }));
        form.addEventListener('submit', async (event) => {
          event.preventDefault();
          const answer = await call('POST', 'cart', {
            product_id: product.productId,
            quantity: Number($('[name="quantity"]', form).value),
            option: chosenOptions(form, product),
          });
          if (!answer.ok) return showErrors(form, answer.body.errors);
          showErrors(form, {});
          showCart(answer.body);
          refreshProducts();
        });
        return form;
      }),
  );
}

async function refreshProducts() {
  const answer = await call('GET', 'products');
  if (!answer.ok) return;
  for (const product of answer.body.products) {
    const stock = $(`form[data-product-id="${product.productId}"] .stock`);
    if (stock !== null) stock.textContent = `${product.stock} in stock`;
  }
  return answer.body.products;
}

// --- Cart and totals -----------------------------------------------------------------------------------

/** The totals digest of the cart as last shown: confirm sends it, so a price that moved since is refused. */
let shownDigest = null;

function showCart(cart) {
  shownDigest = cart.totalsDigest ?? null;
  const empty = cart.lines.length === 0;
  $('#cart-empty').hidden = !empty;
  $('#cart-lines').hidden = empty;
  $('#totals').hidden = empty;
  fillRows(
    $('#cart-lines'),
    cart.lines.map((line) => {
      const name =
        line.options.length === 0
          ? line.name
          : `${line.name} (${line.options.map((o) => `${o.name}: ${o.value}`).join(', ')})`;
      const quantity = element('input', undefined, {
        type: 'number',
        min: '0',
        value: String(line.quantity),
        'aria-label': `Quantity of ${line.name}`,
      });
      quantity.addEventListener('change', () =>
        changeCart('cart/update', { cart_id: line.cartId, quantity: Number(quantity.value) }),
      );
      const remove = element('button', 'Remove', { type: 'button', 'aria-label': `Remove ${line.name}` });
      remove.addEventListener('click', () => changeCart('cart/remove', { cart_id: line.cartId }));
      return [line.stock ? name : `${name} — not enough in stock`, quantity, line.price, line.total, remove];
    }),
  );
  showTotals($('#totals'), cart.totals);
  $('#shipping').hidden = !cart.shippingRequired && !empty;
}

async function changeCart(path, body) {
  const answer = await call('POST', path, body);
  $('#cart-error').textContent = answer.ok ? '' : Object.values(answer.body.errors ?? {}).join(' ');
  if (answer.ok) {
    showCart(answer.body);
    await refreshMethods();
  }
}

async function refreshCart() {
  const answer = await call('GET', 'cart');
  if (answer.ok) showCart(answer.body);
  return answer.ok ? answer.body : undefined;
}

// --- Customer and address ------------------------------------------------------------------------------

function formValues(form) {
  return Object.fromEntries(
    [...form.elements].filter((input) => input.name !== '').map((input) => [input.name, input.value]),
  );
}

async function submitStep(form, path, body) {
  const answer = await call('POST', path, body);
  $('.done', form).hidden = !answer.ok;
  if (!answer.ok) {
    showErrors(form, answer.body.errors);
    return undefined;
  }
  showErrors(form, {});
  showCart(answer.body);
  return answer.body;
}

let countries = [];

function showZones(countryId) {
  const country = countries.find((entry) => String(entry.countryId) === String(countryId));
  const zones = $('#address-form [name="zone_id"]');
  zones.replaceChildren(
    element('option', '— choose —', { value: '' }),
    ...(country?.zones ?? []).map((zone) => element('option', zone.name, { value: String(zone.zoneId) })),
  );
}

// --- Methods -------------------------------------------------------------------------------------------

/** Lists the methods on offer as radio buttons, the chosen one checked; choosing one tells the server. */
function showMethods(fieldset, kind, methods, chosen) {
  fieldset.replaceChildren(
    ...methods.map((method) => {
      const label = element('label', ` ${method.title}${method.text === '' ? '' : ` — ${method.text}`}`);
      const input = element('input', undefined, { type: 'radio', name: kind, value: method.code });
      input.checked = method.code === chosen || (chosen !== null && method.code.startsWith(`${chosen}.`));
      input.addEventListener('change', () => chooseMethod(kind, method.code));
      label.prepend(input);
      return label;
    }),
  );
}

/** The card method's code: the shop's test card (a gateway's test mode). */
const cardMethod = 'test_card';

/** Whether a chosen method code (`test_card` or its option `test_card.test_card`) is the card method. */
function isCard(code) {
  return code === cardMethod || (typeof code === 'string' && code.startsWith(`${cardMethod}.`));
}

/**
 * The documented test card numbers and the tokens they stand for. A real gateway's script turns the number into
 * a token in the browser, with the gateway; the number never reaches the shop, and here it does not either.
 */
const testCards = [
  ['4242424242424242', 'tok_success', 'paid at once'],
  ['4000000000003220', 'tok_challenge', 'asks for 3-D Secure'],
  ['4000000000000002', 'tok_decline', 'declined'],
];

/** The token of a test card number (spaces allowed), or undefined. */
function cardToken(number) {
  const digits = number.replace(/[\s-]/g, '');
  return testCards.find(([card]) => card === digits)?.[1];
}

/** Shows the card number input while the card method is chosen. */
function showCardChoice(code) {
  let choice = $('#card-choice');
  if (!isCard(code)) {
    choice?.remove();
    return;
  }
  if (choice !== null) return;
  choice = element('div', undefined, { id: 'card-choice' });
  const label = element('label', 'Card number ');
  label.append(
    element('input', undefined, {
      name: 'card_number',
      inputmode: 'numeric',
      autocomplete: 'cc-number',
      placeholder: '4242 4242 4242 4242',
    }),
  );
  choice.append(label);
  const hint = element('p', 'Test mode, no money moves. Test cards: ', { class: 'hint' });
  testCards.forEach(([number, , what], index) => {
    if (index > 0) hint.append(', ');
    hint.append(element('code', number.replace(/(\d{4})(?=\d)/g, '$1 ')), ` ${what}`);
  });
  hint.append('.');
  choice.append(hint, element('small', undefined, { class: 'error', 'data-error': 'card_number' }));
  $('#payment-methods').after(choice);
}

async function chooseMethod(kind, code) {
  const path = kind === 'shipping' ? 'shipping-method' : 'payment-method';
  const answer = await call('POST', path, { code });
  $(`#${kind}-error`).textContent = answer.ok ? '' : Object.values(answer.body.errors ?? {}).join(' ');
  if (!answer.ok) return;
  showCart(answer.body);
  if (kind === 'shipping') await loadMethods('payment', answer.body.paymentMethod);
  else showCardChoice(code);
}

async function loadMethods(kind, chosen) {
  const answer = await call('GET', kind === 'shipping' ? 'shipping-methods' : 'payment-methods');
  const fieldset = $(`#${kind}-methods`);
  const hint = $(`#${kind} .hint`);
  if (!answer.ok) {
    fieldset.replaceChildren();
    hint.hidden = false;
    return;
  }
  hint.hidden = true;
  $(`#${kind}-error`).textContent = '';
  showMethods(fieldset, kind, answer.body.methods, chosen);
  if (kind === 'payment') {
    const offered = answer.body.methods.some(
      (method) => method.code === chosen || (chosen ?? '').startsWith(`${method.code}.`),
    );
    showCardChoice(offered ? chosen : null);
  }
}

/** After a change that can change what is offered: the methods again, keeping the chosen ones. */
async function refreshMethods() {
  const cart = await refreshCart();
  if (cart === undefined || cart.lines.length === 0) return;
  if ($('#address-form .done').hidden) return;
  if (cart.shippingRequired) await loadMethods('shipping', cart.shippingMethod);
  await loadMethods('payment', cart.paymentMethod);
}

// --- Confirm -------------------------------------------------------------------------------------------

/** The key of the attempt being placed: a retry of the same attempt (after a lost answer) places one order. */
let attemptKey;

async function placeOrder() {
  const card = $('#card-choice');
  let token;
  if (card !== null) {
    token = cardToken($('[name="card_number"]', card).value);
    const wrong = token === undefined ? { card_number: 'Enter one of the test card numbers.' } : {};
    showErrors(card, wrong);
    if (token === undefined) return;
  }
  attemptKey ??= crypto.randomUUID();
  const button = $('#place-order');
  button.disabled = true;
  const body = {
    comment: $('#comment').value,
    totals_digest: shownDigest,
    ...(token === undefined ? {} : { payment_token: token }),
  };
  const answer = await call('POST', 'orders', body, { 'Idempotency-Key': attemptKey });
  button.disabled = false;
  if (answer.status !== 0) attemptKey = undefined;
  showOutcome(answer);
}

/** What confirm or the return from a card's challenge answered: the placed order, a page to go to, or why not. */
function showOutcome(answer) {
  const error = $('#confirm-error');
  if (answer.ok && answer.body.redirect !== undefined) {
    // The card asks the customer to prove it is theirs (3-D Secure): on to the bank's page, which sends them back.
    window.location.assign(answer.body.redirect);
    return;
  }
  if (answer.ok) {
    error.textContent = '';
    showPlaced(answer.body.order);
    return;
  }
  error.textContent = Object.values(answer.body.errors ?? {}).join(' ');
  // The totals guard: the prices moved since the customer saw them. The new totals are shown, and placing the
  // order again agrees to them.
  if (answer.body.cart !== undefined) showCart(answer.body.cart);
}

/**
 * Back from a card's challenge (`/shop?order=<id>`): asks the shop where the payment stands. When the order is
 * not placed (the bank said no, or the time to pay ran out), the customer pays again from here: the cart and
 * the choices are still the session's, so they come back with the card's number to type again, and placing the
 * order starts a new attempt.
 */
async function returnFromChallenge(cart) {
  const orderId = new URLSearchParams(window.location.search).get('order');
  if (orderId === null) return;
  window.history.replaceState(null, '', window.location.pathname);
  const answer = await call('POST', `orders/${encodeURIComponent(orderId)}/complete`, {});
  showOutcome(answer);
  if (!answer.ok && answer.body.redirect === undefined && cart !== undefined && cart.lines.length > 0) {
    await resumeChoices(cart);
  }
}

/** Shows the session's customer, address and chosen methods as done and chosen, after the page was reloaded. */
async function resumeChoices(cart) {
  $('#customer-form .done').hidden = cart.customer === null;
  if (cart.shippingRequired) await loadMethods('shipping', cart.shippingMethod);
  await loadMethods('payment', cart.paymentMethod);
  $('#address-form .done').hidden = $('#payment-methods').children.length === 0;
}

function showPlaced(order) {
  $('#placed').hidden = false;
  for (const id of ['products', 'cart', 'customer', 'address', 'shipping', 'payment', 'confirm'])
    $(`#${id}`).hidden = true;
  $('#placed-summary').textContent =
    `Order #${order.orderId} is placed (${order.status}). ${order.customer}, a confirmation goes to ${order.email}. Delivery: ${order.shippingMethod || '—'}. Payment: ${order.paymentMethod}.`;
  fillRows(
    $('#placed-lines'),
    order.lines.map((line) => [`${line.quantity} × ${line.name}`, line.total]),
  );
  showTotals($('#placed-totals'), order.totals);
  $('#placed').dataset.orderId = String(order.orderId);
}

// --- Start ---------------------------------------------------------------------------------------------

async function start() {
  const [products, countryList] = await Promise.all([call('GET', 'products'), call('GET', 'countries')]);
  if (products.ok) showProducts(products.body.products);
  if (countryList.ok) {
    countries = countryList.body.countries;
    const select = $('#address-form [name="country_id"]');
    select.replaceChildren(
      ...countries.map((country) => element('option', country.name, { value: String(country.countryId) })),
    );
    showZones(select.value);
    select.addEventListener('change', () => showZones(select.value));
  }
  await returnFromChallenge(await refreshCart());
  $('#customer-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form);
    const done = await submitStep(form, 'customer', values);
    if (done === undefined) return;
    // The same name is the likeliest on the address.
    for (const name of ['firstname', 'lastname']) {
      const input = $(`#address-form [name="${name}"]`);
      if (input.value === '') input.value = values[name];
    }
    await refreshMethods();
  });
  $('#address-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const done = await submitStep(form, 'address', { address: formValues(form) });
    if (done === undefined) return;
    await refreshMethods();
  });
  $('#place-order').addEventListener('click', placeOrder);
  $('#shop-again').addEventListener('click', () => window.location.reload());
  document.body.dataset.ready = 'true';
}

start();
