/* global Backendless */
/** Orders placed through the server, so a client never sets a total itself. */
class Orders {
  /**
   * Places an order of the products at a store; the total is the sum of their prices.
   * @param {string[]} productIds
   * @param {string} storeId
   * @returns {Promise<object>}
   */
  async place(productIds, storeId) {
    if (!Array.isArray(productIds) || productIds.length === 0)
      throw new Backendless.ServerCode.Error(4003, 'An order needs at least one product', 400);
    let total = 0;
    for (const id of productIds) {
      const product = await Backendless.Data.of('Product').findById(String(id));
      if (!product) throw new Backendless.ServerCode.Error(4004, `No product ${id}`, 400);
      total += Number(product.price) || 0;
    }
    total = Math.round(total * 100) / 100;
    // Server code may name the owner: the order belongs to the signed-in caller, who alone finds it.
    const ownerId = (this.request && this.request.context && this.request.context.userId) || null;
    const order = await Backendless.Data.of('Order').save({ status: 'NEW', total, placed: Date.now(), ownerId });
    await Backendless.Data.of('Order').setRelation(order.objectId, 'items', productIds.map(String));
    if (storeId) await Backendless.Data.of('Order').setRelation(order.objectId, 'store', [String(storeId)]);
    return { ...order, total };
  }
}

Backendless.ServerCode.addService(Orders);
