import {
  Routes,
  type CommunityComment,
  type CommunityReview,
  type DeveloperProfile,
  type DeveloperProfileInput,
  type Invitation,
  type Question,
  type Success,
} from '@basalt/shared';
import type { GroupContext } from './group-context.js';

export type { CommunityComment, CommunityReview, DeveloperProfile, DeveloperProfileInput, Invitation, Question };

const C = Routes.community;
const P = Routes.developerProfile;
const R = Routes.referrals;
const Q = Routes.initialQuestionnaire;

/**
 * Comments, reviews and votes (`community` group of the reference client). All go through the
 * community channel: a `communityURL` option sends them to that host without `/console/community`.
 */
export function createCommunityGroup({ request }: GroupContext) {
  const t = request.community;
  return {
    /** An item's comments (`context` is `app` or `profile`); hidden ones only for their author and moderators. */
    getComments(context: string, itemId: string, sorting?: string): Promise<CommunityComment[]> {
      return t.route(C.getComments, [], { query: { context, itemId, ...(sorting ? { sorting } : {}) } });
    },
    /** Posts `{context, itemId, body, parentId?}` (Markdown, rendered safe by the server). */
    createComments(comment: {
      context: string;
      itemId: string;
      body: string;
      parentId?: string | null;
    }): Promise<CommunityComment> {
      return t.route(C.createComments, [], { body: comment });
    },
    /** Changes one's own comment. */
    editComment(commentId: string, body: string): Promise<CommunityComment> {
      return t.route(C.editComment, [commentId], { body: { commentId, body } });
    },
    /** Deletes a comment (its author or a moderator); replies keep their thread. */
    deleteComment(commentId: string): Promise<Success> {
      return t.route(C.deleteComment, [commentId]);
    },
    /** Hides a comment from everyone but its author and the moderators (moderators only). */
    hideComment(commentId: string): Promise<CommunityComment> {
      return t.route(C.hideComment, [commentId]);
    },
    /** Shows a hidden comment again (moderators only). */
    displayComment(commentId: string): Promise<CommunityComment> {
      return t.route(C.displayComment, [commentId]);
    },
    getReviews(context: string, itemId: string, sorting?: string): Promise<CommunityReview[]> {
      return t.route(C.getReviews, [], { query: { context, itemId, ...(sorting ? { sorting } : {}) } });
    },
    /** Reviews `{context, itemId, rating: 1–5, body?}`; a second review of the same item is a 409. */
    createReview(review: { context: string; itemId: string; rating: number; body?: string }): Promise<CommunityReview> {
      return t.route(C.createReview, [], { body: review });
    },
    editReview(reviewId: string, body?: string, rating?: number): Promise<CommunityReview> {
      return t.route(C.editReview, [reviewId], { body: { body, rating } });
    },
    deleteReview(reviewId: string): Promise<Success> {
      return t.route(C.deleteReview, [reviewId]);
    },
    /** Likes (`value` 1, the default) or unlikes (0) `{itemId, type: 'comment'|'review'|'profile'}`; idempotent. */
    vote(vote: { itemId: string; type: string; value?: number | boolean }): Promise<{ liked: boolean; likes: number }> {
      return t.route(C.vote, [], { body: vote });
    },
    getLikers(type: string, itemId: string): Promise<Array<{ developerId: string; userName: string | null }>> {
      return t.route(C.getLikers, [], { query: { type, itemId } });
    },
    getUserBlacklistStatus(): Promise<{ blacklisted: boolean; reason: string | null; until: number | null }> {
      return t.route(C.getUserBlacklistStatus);
    },
    /** Reports a product install (acknowledged; the marketplace counts installs itself). */
    onProductInstall(productId: string): Promise<unknown> {
      return t.route(C.onProductInstall, [], { body: { productId } });
    },
    reportUserActivity(): Promise<Success> {
      return t.route(C.reportUserActivity);
    },
    /** Removes the developer's whole community footprint. */
    onDeveloperSuicide(): Promise<Success> {
      return t.route(C.onDeveloperSuicide);
    },
  };
}

/** The developer's community profile (`developerProfile` group). */
export function createDeveloperProfileGroup({ request }: GroupContext) {
  const t = request.community;
  return {
    /** The profile, or null before there is one. */
    getMyProfile(): Promise<DeveloperProfile | null> {
      return t.route(P.getMyProfile);
    },
    /** Creates the profile or merges the fields sent into it. */
    createProfile(profileData: DeveloperProfileInput): Promise<DeveloperProfile> {
      return t.route(P.createProfile, [], { body: profileData });
    },
    updateProfile(profileData: DeveloperProfileInput): Promise<DeveloperProfile> {
      return t.route(P.updateProfile, [], { body: profileData });
    },
    getCountries(): Promise<Array<{ code: string; name: string }>> {
      return t.route(P.getCountries);
    },
    /** Sets the photo `{profilePhoto: 'data:image/png;base64,…'}` (other fields stay). */
    updateProfilePhoto(profilePhoto: DeveloperProfileInput): Promise<DeveloperProfile> {
      return t.route(P.createProfile, [], { body: profilePhoto });
    },
    checkUsernameAvailable(userName: string): Promise<{ userName: string; available: boolean; reason: string | null }> {
      return t.route(P.checkUsernameAvailable, [], { query: { userName } });
    },
    /** Sets the background `{background: 'data:image/…'}` (other fields stay). */
    updateProfileBackground(background: DeveloperProfileInput): Promise<DeveloperProfile> {
      return t.route(P.createProfile, [], { body: background });
    },
    remove(): Promise<Success> {
      return t.route(P.remove);
    },
    removeApp(appId: string): Promise<DeveloperProfile> {
      return t.route(P.removeApp, [], { query: { appId } });
    },
  };
}

/** Invitations to this server (`referrals` group). */
export function createReferralsGroup({ request }: GroupContext) {
  const t = request.community;
  return {
    loadInviteCode(): Promise<{ code: string; inviteOnly: boolean }> {
      return t.route(R.loadInviteCode);
    },
    loadInvites(): Promise<Invitation[]> {
      return t.route(R.loadInvites);
    },
    /** Mails an invitation `{email, message?}`. */
    sendInvite(inviteData: { email: string; message?: string }): Promise<Invitation> {
      return t.route(R.sendInvite, [], { body: inviteData });
    },
    /** Whether an invitation id can still be used to register. */
    checkInviteId(id: string): Promise<{ valid: boolean; email: string | null }> {
      return t.route(R.checkInviteId, [], { body: { id } });
    },
    /** Accepted for compatibility; the server records registrations itself. */
    confirmUserRegistered(inviteData: Record<string, unknown>): Promise<Success> {
      return t.route(R.confirmUserRegistered, [], { body: inviteData });
    },
    confirmFirstAppCreated(): Promise<Success> {
      return t.route(R.confirmFirstAppCreated);
    },
  };
}

/** The first-run questions (`initialQuestionnaire` group). */
export function createInitialQuestionnaireGroup({ request }: GroupContext) {
  const t = request.community;
  return {
    loadQuestions(): Promise<Question[]> {
      return t.route(Q.loadQuestions);
    },
    /** `{questionId: answer}`; answers the pack the answers suggest. */
    sendAnswers(answers: Record<string, string | string[]>): Promise<{ completed: boolean; packId: string | null }> {
      return t.route(Q.sendAnswers, [], { body: answers });
    },
    loadStatus(): Promise<{ completed: boolean; completedAt: number | null }> {
      return t.route(Q.loadStatus);
    },
  };
}

export type CommunityGroup = ReturnType<typeof createCommunityGroup>;
export type DeveloperProfileGroup = ReturnType<typeof createDeveloperProfileGroup>;
export type ReferralsGroup = ReturnType<typeof createReferralsGroup>;
export type InitialQuestionnaireGroup = ReturnType<typeof createInitialQuestionnaireGroup>;
