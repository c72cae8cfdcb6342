/**
 * The user's funds calls (spec section 7, Wallet and User): each route validates with the contract
 * schema and makes one service call. Identity and security calls live in identity/routes.ts.
 */
import {
  accountTransferInput,
  bankCardInput,
  cardDeleteInput,
  billsInput,
  depositInfoInput,
  exchangeFeeInput,
  exchangeInput,
  fundsPageInput,
  idInput,
  internationalCardInput,
  rateCurrencyInput,
  rechargeInput,
  walletAddressInput,
  walletDetailInput,
  withdrawInput,
  withdrawLimitInput,
} from '@fairex/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { currentUser, requireUser } from '../accounts/sessions.ts';
import { ok } from '../http/envelope.ts';
import { DomainError, parse } from '../http/errors.ts';
import { claimOf, once } from '../http/idempotency.ts';
import { identityRoutes } from '../identity/routes.ts';
import { bills, rateOfCurrency, transferBetweenKinds, transferHistory, userCurrencyList, walletDetail, walletList } from './assets.ts';
import { cardInfo, deleteCard, saveCard, saveWalletAddress } from './cards.ts';
import { depositAddress, depositInfo, rechargeLog, requestRecharge } from './deposits.ts';
import { exchange, exchangeFee, exchangeList } from './exchange.ts';
import { deleteOwnWalletAddress, pageWalletAddresses } from './repository.ts';
import { requestWithdrawal, withdrawalList, withdrawLimitLeft } from './withdrawals.ts';

/** GET calls read the query, POST calls the body. */
const input = (request: FastifyRequest) => (request.method === 'GET' ? request.query : request.body);

export function fundsRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'bus' | 'contracts' | 'db' | 'limits' | 'markets' | 'notifier' | 'sessionClock' | 'uploads'>) {
  const auth = { preHandler: requireUser(ctx.db) };
  const userId = (request: FastifyRequest) => currentUser(request).id;
  // Per user (the rate-limit hook runs after requireUser): each request is a guess at the pay password.
  const withdrawLimit = {
    ...auth,
    config: {
      rateLimit: {
        max: ctx.limits.withdrawalsPerMinute,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => `withdraw:${userId(request)}`,
      },
    },
  };

  // Assets
  app.post('/wallet/list', auth, async (request) => ok(await walletList(ctx, userId(request))));
  app.post('/wallet/detail', auth, async (request) => {
    const { currency, type } = parse(walletDetailInput, request.body);
    return ok(await walletDetail(ctx, userId(request), currency, type));
  });
  app.get('/currency/user_currency_list', auth, async (request) => ok(await userCurrencyList(ctx, userId(request))));
  app.post('/wallet/legal_log', auth, async (request) => ok(await bills(ctx, userId(request), parse(billsInput, request.body))));

  // Transfer between account kinds
  app.post('/wallet/change', auth, async (request) => {
    const input = parse(accountTransferInput, request.body);
    return ok(await once(ctx.db, claimOf(request, 'transfer', input), (transact) => transferBetweenKinds(ctx, userId(request), input, transact)));
  });
  app.get('/wallet/hzhistory', auth, async (request) => ok(await transferHistory(ctx, userId(request), parse(fundsPageInput, request.query).page)));

  // A coin's price in USDT and in the kept fiat currencies; public like the prices it is made of.
  app.get('/wallet/getRateCurrency', async (request) => ok(await rateOfCurrency(ctx, parse(rateCurrencyInput, request.query).id)));

  // Deposits
  app.post('/wallet/get_info', auth, async (request) => {
    const { currency, ...choice } = parse(depositInfoInput, request.body);
    return ok(await depositInfo(ctx, currency, choice));
  });
  app.post('/wallet/get_in_address', auth, async (request) => {
    const { currency, ...choice } = parse(depositInfoInput, request.body);
    return ok(await depositAddress(ctx, currency, choice));
  });
  app.post('/wallet/charge_req', auth, async (request) => ok(await requestRecharge(ctx, userId(request), parse(rechargeInput, request.body))));
  app.get('/recharge/log', auth, async (request) => ok(await rechargeLog(ctx, userId(request), parse(fundsPageInput, request.query))));

  // Withdrawals
  app.post('/wallet/out', withdrawLimit, async (request) => {
    const input = parse(withdrawInput, request.body);
    const { pay_password: _secret, ...decisive } = input;
    return ok(await once(ctx.db, claimOf(request, 'withdrawal', decisive), (transact) => requestWithdrawal(ctx, currentUser(request), input, transact)));
  });
  app.post('/wallet/withdraw_limit', auth, async (request) =>
    ok(await withdrawLimitLeft(ctx, userId(request), parse(withdrawLimitInput, request.body).currency)),
  );
  app.get('/user/withdraw/list', auth, async (request) => ok(await withdrawalList(ctx, userId(request), parse(fundsPageInput, request.query))));

  // Exchange
  app.post('/user/getTransferList', auth, async (request) => ok(await exchangeList(ctx, userId(request))));
  app.post('/user/getTransferFee', auth, async (request) => {
    const { from_currency_id, to_currency_id } = parse(exchangeFeeInput, request.body);
    return ok(await exchangeFee(ctx, from_currency_id, to_currency_id));
  });
  app.post('/user/Transfer', auth, async (request) => {
    const input = parse(exchangeInput, request.body);
    return ok(await once(ctx.db, claimOf(request, 'exchange', input), (transact) => exchange(ctx, userId(request), input, transact)));
  });

  // Wallet addresses
  app.post('/user/wallet/save', auth, async (request) => ok(await saveWalletAddress(ctx, currentUser(request), parse(walletAddressInput, request.body))));
  app.get('/user/wallet/list', auth, async (request) => ok(await pageWalletAddresses(ctx.db, userId(request), parse(fundsPageInput, input(request)), ctx.uploads)));
  app.post('/user/wallet/list', auth, async (request) => ok(await pageWalletAddresses(ctx.db, userId(request), parse(fundsPageInput, input(request)), ctx.uploads)));
  app.post('/user/wallet/delete', auth, async (request) => {
    // Another user's row answers like a missing one.
    if (!(await deleteOwnWalletAddress(ctx.db, userId(request), parse(idInput, request.body).id))) throw new DomainError('not_found');
    return ok('');
  });

  // Bank cards
  app.post('/user/cash_save', auth, async (request) => ok(await saveCard(ctx, currentUser(request), 'bank', parse(bankCardInput, request.body))));
  app.post('/user/cash_save_international', auth, async (request) =>
    ok(await saveCard(ctx, currentUser(request), 'international', parse(internationalCardInput, request.body))),
  );
  app.post('/user/cash_info', auth, async (request) => ok(await cardInfo(ctx, userId(request), 'bank')));
  app.post('/user/cash_info_international', auth, async (request) => ok(await cardInfo(ctx, userId(request), 'international')));
  app.post('/user/cash_delete', auth, async (request) => ok(await deleteCard(ctx, currentUser(request), 'bank', parse(cardDeleteInput, request.body))));
  app.post('/user/cash_delete_international', auth, async (request) =>
    ok(await deleteCard(ctx, currentUser(request), 'international', parse(cardDeleteInput, request.body))),
  );

  identityRoutes(app, ctx);
}
