/* global Backendless */
/** The blog's own operations, for clients that add comments. */
class Blog {
  /**
   * Adds a comment to a post and answers the post's new comment count.
   * @param {string} postId
   * @param {string} text
   * @param {string} author
   * @returns {Promise<object>}
   */
  async addComment(postId, text, author) {
    if (typeof text !== 'string' || !text.trim())
      throw new Backendless.ServerCode.Error(4002, 'A comment needs a text', 400);
    const comment = await Backendless.Data.of('Comment').save({ text: text.trim(), author: author || null });
    await Backendless.Data.of('Post').addRelation(postId, 'comments', [comment.objectId]);
    return { comment, commentCount: await this.commentCount(postId) };
  }

  /**
   * How many comments a post has.
   * @param {string} postId
   * @returns {Promise<number>}
   */
  async commentCount(postId) {
    let count = 0;
    for (let offset = 0; ; offset += 100) {
      const page = await Backendless.Data.of('Post').loadRelations(postId, {
        relationName: 'comments',
        pageSize: 100,
        offset,
      });
      count += page.length;
      if (page.length < 100) return count;
    }
  }
}

Backendless.ServerCode.addService(Blog);
