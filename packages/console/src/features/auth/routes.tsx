import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { GuestOnly } from '../../app/session/GuestOnly';
import { AuthLayout } from './components/AuthLayout';

export const authRoutes: RouteObject[] = [
  {
    element: <AuthLayout />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          { path: 'login', lazy: lazyPage(() => import('./pages/LoginPage')) },
          { path: 'login/verify', lazy: lazyPage(() => import('./pages/VerifyPage')) },
          { path: 'register', lazy: lazyPage(() => import('./pages/RegisterPage')) },
          { path: 'forgot-password', lazy: lazyPage(() => import('./pages/ForgotPasswordPage')) },
        ],
      },
      // Links from mails work whether or not someone is signed in on this browser.
      { path: 'reset-password', lazy: lazyPage(() => import('./pages/ResetPasswordPage')) },
      { path: 'confirm-email', lazy: lazyPage(() => import('./pages/ConfirmEmailPage')) },
      // Team invitations: `/join-team` is the link the invitation mail carries; `/join` is its short form.
      { path: 'join-team', lazy: lazyPage(() => import('./pages/JoinTeamPage')) },
      { path: 'join', lazy: lazyPage(() => import('./pages/JoinTeamPage')) },
    ],
  },
];
