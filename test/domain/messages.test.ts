import { describe, expect, it } from 'vitest';
import { createMessages, defaultMessages, type MessageId, messageText } from '../../src/domain/messages.js';

describe('the message catalogue', () => {
  it('uses the seed texts verbatim', () => {
    const seed: Partial<Record<MessageId, string>> = {
      'customer.firstname': 'First name must be between 1 and 32 characters!',
      'customer.lastname': 'Last name must be between 1 and 32 characters!',
      'customer.email': 'E-Mail address does not appear to be valid!',
      'customer.telephone': 'Telephone must be between 3 and 32 characters!',
      'customer.customer_group': 'Customer group is invalid!',
      'customer.not_found': 'Customer does not exist!',
      'cart.product_not_found': 'Product does not exist!',
      'cart.out_of_stock': 'Product is out of stock!',
      'cart.subscription': 'Invalid subscription',
      'cart.warning': 'Please check the cart carefully for errors!',
      'cart.success_multi': 'Products added to cart successfully!',
      'cart.success_single': 'Product added to cart successfully!',
      'confirm.customer': 'Customer data is required!',
      'confirm.product': 'Cart is empty!',
      'confirm.payment_address': 'Payment address is required!',
      'confirm.shipping_address': 'Shipping address is required!',
      'confirm.shipping_method': 'Shipping method is required!',
      'confirm.payment_method': 'Payment method is required!',
      'step.customer': 'Customer data required',
      'step.product': 'Cart is empty',
      'step.shipping_address': 'Shipping address required',
      'customer.success': 'Customer data set successfully!',
      'payment_address.success': 'Payment address set successfully!',
      'shipping_address.success': 'Shipping address set successfully!',
      'shipping_method.success': 'Shipping method set successfully!',
      'payment_method.success': 'Payment method set successfully!',
      'confirm.success': 'Order created successfully!',
      'history.success': 'Order history added successfully!',
    };
    for (const [id, text] of Object.entries(seed)) expect(defaultMessages[id as MessageId], id).toBe(text);
  });

  it('fixes OpenCart’s city text to say 2, as the rule is', () => {
    expect(defaultMessages['address.city']).toBe('City must be between 2 and 128 characters!');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    const catalog = createMessages();
    expect(messageText(catalog, 'field.required', { name: 'Company ID' })).toBe('Company ID required!');
    expect(messageText(catalog, 'cart.minimum', { name: 'Apple Cinema 30"', minimum: 2 })).toBe(
      'Minimum order amount for Apple Cinema 30" is 2!',
    );
    expect(messageText(catalog, 'field.invalid')).toBe('{name} is not a valid input!');
  });

  it('does not read placeholders from the prototype chain', () => {
    expect(messageText(createMessages(), 'field.required', Object.create({ name: 'x' }))).toBe(
      '{name} required!',
    );
  });

  it('lets a host override some texts and keeps the rest', () => {
    const german = createMessages({ 'customer.success': 'Kundendaten gespeichert!' });
    expect(german['customer.success']).toBe('Kundendaten gespeichert!');
    expect(german['customer.email']).toBe(defaultMessages['customer.email']);
    expect(Object.isFrozen(german)).toBe(true);
  });

  it('has no empty text and only well-formed placeholders', () => {
    for (const [id, text] of Object.entries(defaultMessages)) {
      expect(text.trim(), id).not.toBe('');
      expect(text.replace(/\{\w+\}/g, ''), id).not.toMatch(/[{}]/);
    }
  });
});
