"""The PettingZoo AEC environment over ``hupai.game.Game`` (imported only when ``hupai.game.env``
is called, so ``hupai`` itself does not need PettingZoo or Gymnasium)."""

import numpy
from gymnasium import spaces
from pettingzoo import AECEnv

from ._hupai import Game, action_table, plane_names


class HupaiEnv(AECEnv):
    """One mahjong game as a PettingZoo AEC environment (see ``hupai.game.env``)."""

    metadata = {"render_modes": ["ansi"], "name": "hupai_mahjong_v0", "is_parallelizable": False}

    def __init__(self, rules="tenhou", seed=None, render_mode=None):
        super().__init__()
        self.rules = rules
        self.render_mode = render_mode
        probe = Game(rules, 0)
        self._actions = len(action_table(rules))
        self._planes = len(plane_names(rules))
        self.possible_agents = [f"player_{s}" for s in range(probe.players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        self._action_space = spaces.Discrete(self._actions)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-10.0, 10.0, (self._planes, 34), numpy.float32),
                "action_mask": spaces.Box(0, 1, (self._actions,), numpy.int8),
            }
        )
        self._next_seed = 0 if seed is None else int(seed)
        self.game = None

    def observation_space(self, agent):
        """The same ``Dict`` space for every agent: planes and the action mask."""
        return self._observation_space

    def action_space(self, agent):
        """``Discrete(A)``: the ids of the family's action table."""
        return self._action_space

    def reset(self, seed=None, options=None):
        """Starts the game of ``seed`` (or the next seed after the last game's)."""
        if seed is not None:
            self._next_seed = int(seed)
        self.seed_played = self._next_seed
        self._next_seed += 1
        self.game = Game(self.rules, self.seed_played)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.seat]

    def observe(self, agent):
        """The agent's planes and its legal-action mask (all zeros when it has nothing to decide)."""
        seat = self._seat[agent]
        return {
            "observation": self.game.features(seat),
            "action_mask": self.game.legal_mask(seat).astype(numpy.int8),
        }

    def step(self, action):
        """Plays ``action`` (an id) for the selected agent; ``None`` for an agent whose game ended."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game.step(self._seat[agent], int(action))
        self.rewards = {a: 0.0 for a in self.agents}
        if self.game.done:
            for a, points in zip(self.possible_agents, self.game.final_points):
                self.rewards[a] = float(points)
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[self.game.seat]
        self._accumulate_rewards()

    def render(self):
        """The game in one line (``render_mode="ansi"``)."""
        return repr(self.game)

    def close(self):
        """Nothing to release."""
