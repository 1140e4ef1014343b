import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { SuccessSchema } from '../schemas.js';

const c = '/console/community';
const Id = Type.String({ minLength: 1, maxLength: 100 });
const AnyBody = Type.Object({}, { additionalProperties: true });

/** Who wrote a comment or review; null once the author removed their profile ("deleted user"). */
export const CommunityAuthorSchema = Type.Union([
  Type.Object({ developerId: Type.String(), userName: Type.Union([Type.String(), Type.Null()]) }),
  Type.Null(),
]);

/** A developer's public profile. Images are `data:` URLs of PNG, JPEG, GIF or WebP. */
export const DeveloperProfileSchema = Type.Object({
  developerId: Type.String(),
  userName: Type.String(),
  displayName: Type.String(),
  country: Type.Union([Type.String(), Type.Null()]),
  bio: Type.String(),
  website: Type.String(),
  profilePhoto: Type.Union([Type.String(), Type.Null()]),
  background: Type.Union([Type.String(), Type.Null()]),
  /** Apps the developer shows on the profile (their own). */
  apps: Type.Array(Type.String()),
  created: Type.Number(),
  updated: Type.Number(),
});
export type DeveloperProfile = Static<typeof DeveloperProfileSchema>;

/** Fields a create or update sends; the ones left out keep their value (merge). */
export const DeveloperProfileBody = Type.Object(
  {
    userName: Type.Optional(Type.String({ maxLength: 100 })),
    displayName: Type.Optional(Type.String({ maxLength: 100 })),
    country: Type.Optional(Type.Union([Type.String({ maxLength: 2 }), Type.Null()])),
    bio: Type.Optional(Type.String({ maxLength: 2000 })),
    website: Type.Optional(Type.String({ maxLength: 300 })),
    profilePhoto: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    background: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    apps: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 })),
  },
  { additionalProperties: true },
);
export type DeveloperProfileInput = Static<typeof DeveloperProfileBody>;

export const CommentSchema = Type.Object({
  id: Type.String(),
  context: Type.String(),
  itemId: Type.String(),
  parentId: Type.Union([Type.String(), Type.Null()]),
  author: CommunityAuthorSchema,
  /** The Markdown as written (empty once deleted). */
  body: Type.String(),
  /** The Markdown rendered on the server: raw HTML escaped, unsafe links dropped. */
  html: Type.String(),
  hidden: Type.Boolean(),
  deleted: Type.Boolean(),
  mine: Type.Boolean(),
  likes: Type.Integer(),
  created: Type.Number(),
  updated: Type.Number(),
});
export type CommunityComment = Static<typeof CommentSchema>;

export const ReviewSchema = Type.Object({
  id: Type.String(),
  context: Type.String(),
  itemId: Type.String(),
  author: CommunityAuthorSchema,
  rating: Type.Integer(),
  body: Type.String(),
  html: Type.String(),
  /** Whether the author bought the item; false until a marketplace sells items. */
  verifiedPurchase: Type.Boolean(),
  mine: Type.Boolean(),
  likes: Type.Integer(),
  created: Type.Number(),
  updated: Type.Number(),
});
export type CommunityReview = Static<typeof ReviewSchema>;

const ItemQuery = Type.Object({
  context: Type.String({ minLength: 1, maxLength: 50 }),
  itemId: Type.String({ minLength: 1, maxLength: 100 }),
  sorting: Type.Optional(Type.String({ maxLength: 20 })),
});

/** Comments, reviews, votes and the developer's community footprint (`community` group). */
export const communityRoutes = {
  getComments: defineRoute({
    name: 'community.getComments',
    method: 'GET',
    path: `${c}/comments`,
    auth: 'developer',
    query: ItemQuery,
    response: Type.Array(CommentSchema),
    summary: 'An item’s comments; hidden ones only for their author and moderators',
  }),
  createComments: defineRoute({
    name: 'community.createComments',
    method: 'POST',
    path: `${c}/comments`,
    auth: 'developer',
    body: Type.Object(
      {
        context: Type.String({ minLength: 1, maxLength: 50 }),
        itemId: Id,
        body: Type.String({ minLength: 1, maxLength: 10000 }),
        parentId: Type.Optional(Type.Union([Id, Type.Null()])),
      },
      { additionalProperties: true },
    ),
    response: CommentSchema,
  }),
  editComment: defineRoute({
    name: 'community.editComment',
    method: 'PUT',
    path: `${c}/comments/:commentId`,
    auth: 'developer',
    body: Type.Object({ body: Type.String({ minLength: 1, maxLength: 10000 }) }, { additionalProperties: true }),
    response: CommentSchema,
  }),
  deleteComment: defineRoute({
    name: 'community.deleteComment',
    method: 'DELETE',
    path: `${c}/comments/:commentId`,
    auth: 'developer',
    response: SuccessSchema,
  }),
  hideComment: defineRoute({
    name: 'community.hideComment',
    method: 'PUT',
    path: `${c}/comments/:commentId/hide`,
    auth: 'developer',
    response: CommentSchema,
  }),
  displayComment: defineRoute({
    name: 'community.displayComment',
    method: 'PUT',
    path: `${c}/comments/:commentId/display`,
    auth: 'developer',
    response: CommentSchema,
  }),
  getReviews: defineRoute({
    name: 'community.getReviews',
    method: 'GET',
    path: `${c}/reviews`,
    auth: 'developer',
    query: ItemQuery,
    response: Type.Array(ReviewSchema),
  }),
  createReview: defineRoute({
    name: 'community.createReview',
    method: 'POST',
    path: `${c}/reviews`,
    auth: 'developer',
    body: Type.Object(
      {
        context: Type.String({ minLength: 1, maxLength: 50 }),
        itemId: Id,
        rating: Type.Integer({ minimum: 1, maximum: 5 }),
        body: Type.Optional(Type.String({ maxLength: 10000 })),
      },
      { additionalProperties: true },
    ),
    response: ReviewSchema,
    summary: 'One review per developer and item (409 for a second; edit it instead); rating 1–5',
  }),
  editReview: defineRoute({
    name: 'community.editReview',
    method: 'PUT',
    path: `${c}/reviews/:reviewId`,
    auth: 'developer',
    body: Type.Object(
      {
        body: Type.Optional(Type.String({ maxLength: 10000 })),
        rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
      },
      { additionalProperties: true },
    ),
    response: ReviewSchema,
  }),
  deleteReview: defineRoute({
    name: 'community.deleteReview',
    method: 'DELETE',
    path: `${c}/reviews/:reviewId`,
    auth: 'developer',
    response: SuccessSchema,
  }),
  vote: defineRoute({
    name: 'community.vote',
    method: 'POST',
    path: `${c}/vote/like`,
    auth: 'developer',
    body: Type.Object(
      {
        itemId: Id,
        type: Type.String({ minLength: 1, maxLength: 20 }),
        value: Type.Optional(Type.Union([Type.Integer(), Type.Boolean()])),
      },
      { additionalProperties: true },
    ),
    response: Type.Object({ liked: Type.Boolean(), likes: Type.Integer() }),
    summary: 'Likes (value 1, the default) or unlikes (0) a comment, review or profile; repeating changes nothing',
  }),
  getLikers: defineRoute({
    name: 'community.getLikers',
    method: 'GET',
    path: `${c}/vote/likers`,
    auth: 'developer',
    query: Type.Object({ type: Type.String({ minLength: 1, maxLength: 20 }), itemId: Id }),
    response: Type.Array(
      Type.Object({ developerId: Type.String(), userName: Type.Union([Type.String(), Type.Null()]) }),
    ),
  }),
  getUserBlacklistStatus: defineRoute({
    name: 'community.getUserBlacklistStatus',
    method: 'GET',
    path: `${c}/blacklist/status`,
    auth: 'developer',
    response: Type.Object({
      blacklisted: Type.Boolean(),
      reason: Type.Union([Type.String(), Type.Null()]),
      until: Type.Union([Type.Number(), Type.Null()]),
    }),
  }),
  onProductInstall: defineRoute({
    name: 'community.onProductInstall',
    method: 'POST',
    path: `${c}/activity/products/install`,
    auth: 'developer',
    body: Type.Optional(
      Type.Object({ productId: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: true }),
    ),
    response: SuccessSchema,
    summary: 'Acknowledges a product install reported by the console (installs are counted by the marketplace itself)',
  }),
  reportUserActivity: defineRoute({
    name: 'community.reportUserActivity',
    method: 'POST',
    path: `${c}/activity/report`,
    auth: 'developer',
    response: SuccessSchema,
    summary: "Records that the developer is active now (the profile's last activity)",
  }),
  onDeveloperSuicide: defineRoute({
    name: 'community.onDeveloperSuicide',
    method: 'DELETE',
    path: `${c}/dev/suicide`,
    auth: 'developer',
    response: SuccessSchema,
    summary:
      "Removes the developer's whole community footprint: profile, comments, reviews, votes, invitations, answers",
  }),
};

/** The developer's community profile (`developerProfile` group). */
export const developerProfileRoutes = {
  getMyProfile: defineRoute({
    name: 'developerProfile.getMyProfile',
    method: 'GET',
    path: `${c}/profile/me`,
    auth: 'developer',
    response: Type.Union([DeveloperProfileSchema, Type.Null()]),
    summary: 'The profile, or null before the developer made one',
  }),
  createProfile: defineRoute({
    name: 'developerProfile.createProfile',
    method: 'POST',
    path: `${c}/profile`,
    auth: 'developer',
    body: DeveloperProfileBody,
    response: DeveloperProfileSchema,
    summary: 'Creates the profile or merges the fields sent into it (photo and background uploads use it too)',
  }),
  updateProfile: defineRoute({
    name: 'developerProfile.updateProfile',
    method: 'PUT',
    path: `${c}/profile`,
    auth: 'developer',
    body: DeveloperProfileBody,
    response: DeveloperProfileSchema,
  }),
  getCountries: defineRoute({
    name: 'developerProfile.getCountries',
    method: 'GET',
    path: `${c}/countries`,
    auth: 'developer',
    response: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
    summary: 'ISO 3166-1 countries (alpha-2 code and English name)',
  }),
  checkUsernameAvailable: defineRoute({
    name: 'developerProfile.checkUsernameAvailable',
    method: 'GET',
    path: `${c}/profile/username/check`,
    auth: 'developer',
    query: Type.Object({ userName: Type.String({ maxLength: 100 }) }),
    response: Type.Object({
      userName: Type.String(),
      available: Type.Boolean(),
      reason: Type.Union([Type.String(), Type.Null()]),
    }),
  }),
  remove: defineRoute({
    name: 'developerProfile.remove',
    method: 'DELETE',
    path: `${c}/profile/me`,
    auth: 'developer',
    response: SuccessSchema,
    summary: 'Removes the profile; the comments and reviews stay, signed by a deleted user',
  }),
  removeApp: defineRoute({
    name: 'developerProfile.removeApp',
    method: 'DELETE',
    path: `${c}/profile/app`,
    auth: 'developer',
    query: Type.Object({ appId: Type.String({ minLength: 1, maxLength: 64 }) }),
    response: DeveloperProfileSchema,
  }),
};

export const InvitationSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  status: Type.Union([Type.Literal('sent'), Type.Literal('registered'), Type.Literal('expired')]),
  created: Type.Number(),
  expires: Type.Number(),
  registeredAt: Type.Union([Type.Number(), Type.Null()]),
});
export type Invitation = Static<typeof InvitationSchema>;

/** Invitations to join the instance (`referrals` group): what invite-only registration needs. */
export const referralsRoutes = {
  loadInviteCode: defineRoute({
    name: 'referrals.loadInviteCode',
    method: 'GET',
    path: `${c}/referrals/invite-code`,
    auth: 'developer',
    response: Type.Object({ code: Type.String(), inviteOnly: Type.Boolean() }),
  }),
  loadInvites: defineRoute({
    name: 'referrals.loadInvites',
    method: 'GET',
    path: `${c}/referrals/invites`,
    auth: 'developer',
    response: Type.Array(InvitationSchema),
  }),
  sendInvite: defineRoute({
    name: 'referrals.sendInvite',
    method: 'POST',
    path: `${c}/referrals/invites`,
    auth: 'developer',
    body: Type.Object(
      {
        email: Type.String({ minLength: 3, maxLength: 254 }),
        message: Type.Optional(Type.String({ maxLength: 1000 })),
      },
      { additionalProperties: true },
    ),
    response: InvitationSchema,
    summary: 'Mails an invitation through the instance mail settings (20 a day per developer)',
  }),
  checkInviteId: defineRoute({
    name: 'referrals.checkInviteId',
    method: 'POST',
    path: `${c}/referrals/invite-id`,
    auth: 'public',
    response: Type.Object({ valid: Type.Boolean(), email: Type.Union([Type.String(), Type.Null()]) }),
    summary: 'Whether an invitation id can still be used to register (the sign-up page asks; body is the bare id)',
  }),
  confirmUserRegistered: defineRoute({
    name: 'referrals.confirmUserRegistered',
    method: 'POST',
    path: `${c}/referrals/events/confirm-user-registered`,
    auth: 'developer',
    body: AnyBody,
    response: SuccessSchema,
    summary: 'Accepted for compatibility: the server records a registration by an invitation itself',
  }),
  confirmFirstAppCreated: defineRoute({
    name: 'referrals.confirmFirstAppCreated',
    method: 'POST',
    path: `${c}/referrals/events/confirm-first-app-created`,
    auth: 'developer',
    response: SuccessSchema,
    summary: 'Accepted for compatibility: the server derives app creation itself',
  }),
};

export const QuestionSchema = Type.Object({
  id: Type.String(),
  text: Type.String(),
  type: Type.Union([Type.Literal('single'), Type.Literal('multi'), Type.Literal('text')]),
  options: Type.Array(Type.Object({ id: Type.String(), text: Type.String() })),
});
export type Question = Static<typeof QuestionSchema>;

/** The questions a new developer answers once (`initialQuestionnaire` group). */
export const initialQuestionnaireRoutes = {
  loadQuestions: defineRoute({
    name: 'initialQuestionnaire.loadQuestions',
    method: 'GET',
    path: `${c}/initial-questionnaire/questions`,
    auth: 'developer',
    response: Type.Array(QuestionSchema),
  }),
  sendAnswers: defineRoute({
    name: 'initialQuestionnaire.sendAnswers',
    method: 'POST',
    path: `${c}/initial-questionnaire/answers`,
    auth: 'developer',
    body: Type.Union([
      Type.Object({}, { additionalProperties: true }),
      Type.Array(Type.Object({}, { additionalProperties: true }), { maxItems: 50 }),
    ]),
    response: Type.Object({ completed: Type.Boolean(), packId: Type.Union([Type.String(), Type.Null()]) }),
    summary: 'Answers `{questionId: answer}` or `[{questionId, answer}]`; each checked against its question',
  }),
  loadStatus: defineRoute({
    name: 'initialQuestionnaire.loadStatus',
    method: 'GET',
    path: `${c}/initial-questionnaire/status`,
    auth: 'developer',
    response: Type.Object({ completed: Type.Boolean(), completedAt: Type.Union([Type.Number(), Type.Null()]) }),
  }),
};

/**
 * The operator's moderation list (Basalt addition, decision 0092): comments of every item of every
 * context, newest change first — the hidden ones (`status=hidden`, the default), the ones on show
 * (`visible`) or both (`all`). Deleted comments are never listed. Operators only (403 otherwise).
 */
export const operatorCommunityRoutes = {
  loadComments: defineRoute({
    name: 'operator.loadComments',
    method: 'GET',
    path: `${c}/operator/comments`,
    auth: 'developer',
    query: Type.Object({
      status: Type.Optional(Type.Union([Type.Literal('hidden'), Type.Literal('visible'), Type.Literal('all')])),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    }),
    response: Type.Array(CommentSchema),
    summary: 'Comments of every item for the operator to moderate: hidden ones by default, newest change first',
  }),
};
